import { invalidInput } from './errors.ts';
import { DEMO_SKUS, itemOf, shipmentStatus } from './inbound-common.ts';
import { decodeToken, encodeToken, marketplaceIdsOf, type SpRoute } from './routes.ts';
import { digest, isoSeconds, type StateStore } from './state.ts';

/** Summaries per page; FBA Inventory pages by 50 (its sellerSkus limit). */
const PAGE_SIZE = 50;

interface Stock {
  fulfillable: number;
  working: number;
  shipped: number;
  receiving: number;
  reserved: number;
  unfulfillable: number;
}

/**
 * A seller's stock at Amazon's fulfilment centres: a steady base per SKU (stable per seller
 * and SKU, as if sold and restocked before the simulator saw it) plus what the seller's inbound
 * shipments brought, by their status: WORKING and SHIPPED count as inbound, RECEIVING as being
 * received, CLOSED as fulfillable.
 */
function stockOf(
  store: StateStore,
  account: string,
  marketplaceId: string,
  now: Date,
  stepMs: number,
) {
  const stock = new Map<string, Stock>();
  const skuOf = (sku: string) => {
    let s = stock.get(sku);
    if (!s) {
      const seed = parseInt(digest(`stock:${account}:${sku}`).slice(0, 8), 16);
      s = {
        fulfillable: seed % 120,
        working: 0,
        shipped: 0,
        receiving: 0,
        reserved: (seed >>> 8) % 6,
        unfulfillable: (seed >>> 12) % 3,
      };
      stock.set(sku, s);
    }
    return s;
  };
  const listed = Object.values(store.state.listings[account] ?? {}).filter(
    (l) => l.marketplaceId === marketplaceId,
  );
  for (const l of listed) skuOf(l.sku);
  if (!listed.length) for (const sku of DEMO_SKUS) skuOf(sku);
  for (const plan of Object.values(store.state.plans)) {
    if (plan.account !== account || !plan.marketplaceIds.includes(marketplaceId)) continue;
    for (const shipment of plan.shipments) {
      const status = shipmentStatus(shipment, now, stepMs);
      if (status === 'CANCELLED') continue;
      for (const box of plan.boxes.filter((b) => b.shipmentId === shipment.shipmentId)) {
        for (const item of box.items) {
          const s = skuOf(item.msku);
          if (status === 'CLOSED') s.fulfillable += item.quantity;
          else if (status === 'RECEIVING') s.receiving += item.quantity;
          else if (status === 'SHIPPED') s.shipped += item.quantity;
          else s.working += item.quantity;
        }
      }
    }
  }
  return [...stock.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** FBA Inventory API v1 `getInventorySummaries` (fbaInventory.json), details included on ask. */
export function inventoryRoutes(deps: { store: StateStore; stepMs: number }): SpRoute[] {
  const { store, stepMs } = deps;
  return [
    {
      operation: 'getInventorySummaries',
      method: 'GET',
      pattern: /^\/fba\/inventory\/v1\/summaries$/,
      rate: 2,
      handle(req) {
        const q = req.query;
        if (q.get('granularityType') !== 'Marketplace') {
          throw invalidInput("'granularityType' must be Marketplace.");
        }
        const marketplaceId = q.get('granularityId');
        const [only] = marketplaceIdsOf(q, 'marketplaceIds', 1);
        if (marketplaceId !== only) {
          throw invalidInput("'granularityId' must be the marketplace in 'marketplaceIds'.");
        }
        const skus = (q.get('sellerSkus') ?? '').split(',').filter(Boolean);
        if (skus.length > 50) throw invalidInput("'sellerSkus' accepts at most 50 values.");
        const single = q.get('sellerSku');
        const size = PAGE_SIZE;
        const token = q.get('nextToken');
        const offset = token ? decodeToken<{ offset: number }>(token, 'nextToken').offset : 0;
        const details = q.get('details') === 'true';
        const all = stockOf(store, req.account, only!, req.now, stepMs).filter(
          ([sku]) => (!skus.length || skus.includes(sku)) && (!single || single === sku),
        );
        const page = all.slice(offset, offset + size);
        const more = offset + size < all.length;
        const summaries = page.map(([sku, s]) => {
          const { asin, fnsku } = itemOf(store, req.account, {
            msku: sku,
            quantity: 0,
            prepOwner: 'NONE',
            labelOwner: 'SELLER',
          });
          const total =
            s.fulfillable + s.working + s.shipped + s.receiving + s.reserved + s.unfulfillable;
          return {
            asin,
            fnSku: fnsku,
            sellerSku: sku,
            condition: 'NewItem',
            ...(details
              ? {
                  inventoryDetails: {
                    fulfillableQuantity: s.fulfillable,
                    inboundWorkingQuantity: s.working,
                    inboundShippedQuantity: s.shipped,
                    inboundReceivingQuantity: s.receiving,
                    reservedQuantity: {
                      totalReservedQuantity: s.reserved,
                      pendingCustomerOrderQuantity: s.reserved,
                      pendingTransshipmentQuantity: 0,
                      fcProcessingQuantity: 0,
                    },
                    unfulfillableQuantity: {
                      totalUnfulfillableQuantity: s.unfulfillable,
                      customerDamagedQuantity: s.unfulfillable,
                      warehouseDamagedQuantity: 0,
                      distributorDamagedQuantity: 0,
                      carrierDamagedQuantity: 0,
                      defectiveQuantity: 0,
                      expiredQuantity: 0,
                    },
                  },
                }
              : {}),
            lastUpdatedTime: isoSeconds(req.now),
            productName: titleOf(store, req.account, sku),
            totalQuantity: total,
          };
        });
        return {
          status: 200,
          body: {
            ...(more ? { pagination: { nextToken: encodeToken({ offset: offset + size }) } } : {}),
            payload: {
              granularity: { granularityType: 'Marketplace', granularityId: only },
              inventorySummaries: summaries,
            },
          },
        };
      },
    },
  ];
}

const titleOf = (store: StateStore, account: string, sku: string) =>
  String(store.state.listings[account]?.[sku]?.attributes.item_name?.[0]?.value ?? sku);
