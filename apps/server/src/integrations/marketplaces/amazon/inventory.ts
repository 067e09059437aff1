import type { StoreSession } from '../connector.ts';
import type { SpApiClient } from './client.ts';

/** An FBA Inventory `InventorySummary` with its details (fbaInventory.json). */
interface SpInventorySummary {
  asin?: string;
  fnSku?: string;
  sellerSku?: string;
  productName?: string;
  inventoryDetails?: {
    fulfillableQuantity?: number;
    inboundWorkingQuantity?: number;
    inboundShippedQuantity?: number;
    inboundReceivingQuantity?: number;
    reservedQuantity?: { totalReservedQuantity?: number };
    unfulfillableQuantity?: { totalUnfulfillableQuantity?: number };
  };
}

interface SummariesResponse {
  payload?: { inventorySummaries?: SpInventorySummary[] };
  pagination?: { nextToken?: string };
}

/** One SKU's stock at Amazon's fulfilment centres in a marketplace. */
export interface FbaStock {
  sku: string;
  asin: string | null;
  fnsku: string | null;
  title: string;
  fulfillable: number;
  /** Working, shipped and being received. */
  inbound: number;
  reserved: number;
  unfulfillable: number;
}

/** FBA Inventory API v1: every SKU's summary in the store's marketplace, all pages. */
export class AmazonInventory {
  constructor(private readonly client: SpApiClient) {}

  async summaries(session: StoreSession): Promise<FbaStock[]> {
    const marketplaceId = session.site.remoteId;
    const stock: FbaStock[] = [];
    let nextToken: string | undefined;
    do {
      const res = await this.client.call<SummariesResponse>(session, 'getInventorySummaries', {
        method: 'GET',
        path: '/fba/inventory/v1/summaries',
        query: {
          details: 'true',
          granularityType: 'Marketplace',
          granularityId: marketplaceId,
          marketplaceIds: marketplaceId,
          nextToken,
        },
      });
      for (const s of res.payload?.inventorySummaries ?? []) {
        if (!s.sellerSku) continue;
        const d = s.inventoryDetails ?? {};
        stock.push({
          sku: s.sellerSku,
          asin: s.asin ?? null,
          fnsku: s.fnSku ?? null,
          title: s.productName ?? '',
          fulfillable: d.fulfillableQuantity ?? 0,
          inbound:
            (d.inboundWorkingQuantity ?? 0) +
            (d.inboundShippedQuantity ?? 0) +
            (d.inboundReceivingQuantity ?? 0),
          reserved: d.reservedQuantity?.totalReservedQuantity ?? 0,
          unfulfillable: d.unfulfillableQuantity?.totalUnfulfillableQuantity ?? 0,
        });
      }
      nextToken = res.pagination?.nextToken ?? undefined;
    } while (nextToken);
    return stock;
  }
}
