import { MarketplaceError, type StoreSession } from '../connector.ts';
import type { SpApiClient } from './client.ts';
import type {
  BoxInput,
  BoxUpdateInput,
  InboundItemInput,
  ContentUpdatePreview,
  DeliveryWindowOption,
  DocumentDownload,
  InboundBox,
  InboundItem,
  InboundOperation,
  InboundPlan,
  InboundPlanInput,
  InboundShipment,
  PackingOption,
  PlacementOption,
  TransportationOption,
} from './inbound-types.ts';

const INBOUND = '/inbound/fba/2024-03-20';

export interface WaitOptions {
  /** Polls before giving up (default 12). */
  maxPolls?: number;
  /** First wait between polls; each next one is 1.5 times longer, at most 10 s (default 500 ms). */
  intervalMs?: number;
}

/** What every asynchronous write answers (HTTP 202). */
type Started = { operationId: string };
type Page = { pageToken?: string | null; pageSize?: number };
type Paged = { pagination?: { nextToken?: string } };

const plan = (id: string) => `${INBOUND}/inboundPlans/${encodeURIComponent(id)}`;
const shipment = (planId: string, id: string) =>
  `${plan(planId)}/shipments/${encodeURIComponent(id)}`;

/**
 * Fulfillment Inbound 2024-03-20 plus v0 getLabels (reference 1.11). Each write is asynchronous
 * on Amazon's side: the `…AndWait` form polls its operation to SUCCESS, or throws its first
 * problem's own text when it ends FAILED.
 */
export class AmazonInbound {
  constructor(
    private readonly client: SpApiClient,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  getOperation(session: StoreSession, operationId: string) {
    return this.client.call<InboundOperation>(session, 'getInboundOperationStatus', {
      method: 'GET',
      path: `${INBOUND}/operations/${encodeURIComponent(operationId)}`,
    });
  }

  /** Polls with growing pauses until the operation leaves IN_PROGRESS. */
  async waitForOperation(
    session: StoreSession,
    operationId: string,
    options: WaitOptions = {},
  ): Promise<InboundOperation> {
    const maxPolls = options.maxPolls ?? 12;
    let pause = options.intervalMs ?? 500;
    for (let poll = 1; ; poll++) {
      const op = await this.getOperation(session, operationId);
      if (op.operationStatus === 'SUCCESS') return op;
      if (op.operationStatus === 'FAILED') {
        const problems = op.operationProblems;
        throw new MarketplaceError(
          'amazon',
          'validation',
          problems[0]?.code ?? 'OperationFailed',
          problems.length ? problems.map((p) => p.message).join(' ') : `${op.operation} failed`,
        );
      }
      if (poll >= maxPolls) {
        throw new MarketplaceError(
          'amazon',
          'unavailable',
          'OperationTimeout',
          `${op.operation} still in progress after ${maxPolls} polls`,
        );
      }
      await this.sleep(pause);
      pause = Math.min(pause * 1.5, 10_000);
    }
  }

  private async run(
    session: StoreSession,
    started: Promise<{ operationId: string }>,
    wait?: WaitOptions,
  ): Promise<InboundOperation> {
    return this.waitForOperation(session, (await started).operationId, wait);
  }

  createInboundPlan(session: StoreSession, input: InboundPlanInput) {
    return this.client.call<{ inboundPlanId: string; operationId: string }>(
      session,
      'createInboundPlan',
      {
        method: 'POST',
        path: `${INBOUND}/inboundPlans`,
        body: {
          ...input,
          destinationMarketplaces: input.destinationMarketplaces ?? [session.site.remoteId],
        },
      },
    );
  }

  /** Creates a plan and waits until Amazon has it. */
  async createInboundPlanAndWait(
    session: StoreSession,
    input: InboundPlanInput,
    wait?: WaitOptions,
  ): Promise<string> {
    const created = await this.createInboundPlan(session, input);
    await this.waitForOperation(session, created.operationId, wait);
    return created.inboundPlanId;
  }

  getInboundPlan(session: StoreSession, inboundPlanId: string) {
    return this.client.call<InboundPlan>(session, 'getInboundPlan', {
      method: 'GET',
      path: plan(inboundPlanId),
    });
  }

  listInboundPlanItems(session: StoreSession, inboundPlanId: string) {
    return this.all<InboundItem>(
      session,
      'listInboundPlanItems',
      `${plan(inboundPlanId)}/items`,
      'items',
    );
  }

  cancelInboundPlan(session: StoreSession, inboundPlanId: string, wait?: WaitOptions) {
    return this.run(
      session,
      this.client.call<Started>(session, 'cancelInboundPlan', {
        method: 'PUT',
        path: `${plan(inboundPlanId)}/cancellation`,
      }),
      wait,
    );
  }

  generatePackingOptions(session: StoreSession, inboundPlanId: string, wait?: WaitOptions) {
    return this.run(
      session,
      this.client.call<Started>(session, 'generatePackingOptions', {
        method: 'POST',
        path: `${plan(inboundPlanId)}/packingOptions`,
      }),
      wait,
    );
  }

  async listPackingOptions(session: StoreSession, inboundPlanId: string, query: Page = {}) {
    const res = await this.client.call<{ packingOptions: PackingOption[] } & Paged>(
      session,
      'listPackingOptions',
      {
        method: 'GET',
        path: `${plan(inboundPlanId)}/packingOptions`,
        query: { pageSize: query.pageSize ?? 10, paginationToken: query.pageToken ?? undefined },
      },
    );
    return { packingOptions: res.packingOptions, nextPageToken: res.pagination?.nextToken ?? null };
  }

  confirmPackingOption(
    session: StoreSession,
    inboundPlanId: string,
    packingOptionId: string,
    wait?: WaitOptions,
  ) {
    return this.run(
      session,
      this.client.call<Started>(session, 'confirmPackingOption', {
        method: 'POST',
        path: `${plan(inboundPlanId)}/packingOptions/${encodeURIComponent(packingOptionId)}/confirmation`,
      }),
      wait,
    );
  }

  /** Box dimensions, weight and contents of the packing group (model: setPackingInformation). */
  setPackingInformation(
    session: StoreSession,
    inboundPlanId: string,
    packingGroupId: string,
    boxes: BoxInput[],
    wait?: WaitOptions,
  ) {
    return this.run(
      session,
      this.client.call<Started>(session, 'setPackingInformation', {
        method: 'POST',
        path: `${plan(inboundPlanId)}/packingInformation`,
        body: {
          packageGroupings: [
            {
              packingGroupId,
              boxes: boxes.map((b) => ({ ...b, contentInformationSource: 'BOX_CONTENT_PROVIDED' })),
            },
          ],
        },
      }),
      wait,
    );
  }

  generatePlacementOptions(session: StoreSession, inboundPlanId: string, wait?: WaitOptions) {
    return this.run(
      session,
      this.client.call<Started>(session, 'generatePlacementOptions', {
        method: 'POST',
        path: `${plan(inboundPlanId)}/placementOptions`,
        body: {},
      }),
      wait,
    );
  }

  listPlacementOptions(session: StoreSession, inboundPlanId: string) {
    return this.all<PlacementOption>(
      session,
      'listPlacementOptions',
      `${plan(inboundPlanId)}/placementOptions`,
      'placementOptions',
    );
  }

  confirmPlacementOption(
    session: StoreSession,
    inboundPlanId: string,
    placementOptionId: string,
    wait?: WaitOptions,
  ) {
    return this.run(
      session,
      this.client.call<Started>(session, 'confirmPlacementOption', {
        method: 'POST',
        path: `${plan(inboundPlanId)}/placementOptions/${encodeURIComponent(placementOptionId)}/confirmation`,
      }),
      wait,
    );
  }

  generateTransportationOptions(
    session: StoreSession,
    inboundPlanId: string,
    placementOptionId: string,
    shipments: Array<{ shipmentId: string; readyToShip: Date }>,
    wait?: WaitOptions,
  ) {
    return this.run(
      session,
      this.client.call<Started>(session, 'generateTransportationOptions', {
        method: 'POST',
        path: `${plan(inboundPlanId)}/transportationOptions`,
        body: {
          placementOptionId,
          shipmentTransportationConfigurations: shipments.map((s) => ({
            shipmentId: s.shipmentId,
            readyToShipWindow: { start: s.readyToShip.toISOString().replace(/\.\d{3}Z$/, 'Z') },
          })),
        },
      }),
      wait,
    );
  }

  listTransportationOptions(session: StoreSession, inboundPlanId: string, shipmentId: string) {
    return this.all<TransportationOption>(
      session,
      'listTransportationOptions',
      `${plan(inboundPlanId)}/transportationOptions`,
      'transportationOptions',
      { shipmentId },
    );
  }

  confirmTransportationOptions(
    session: StoreSession,
    inboundPlanId: string,
    selections: Array<{ shipmentId: string; transportationOptionId: string }>,
    wait?: WaitOptions,
  ) {
    return this.run(
      session,
      this.client.call<Started>(session, 'confirmTransportationOptions', {
        method: 'POST',
        path: `${plan(inboundPlanId)}/transportationOptions/confirmation`,
        body: { transportationSelections: selections },
      }),
      wait,
    );
  }

  generateDeliveryWindowOptions(
    session: StoreSession,
    inboundPlanId: string,
    shipmentId: string,
    wait?: WaitOptions,
  ) {
    return this.run(
      session,
      this.client.call<Started>(session, 'generateDeliveryWindowOptions', {
        method: 'POST',
        path: `${shipment(inboundPlanId, shipmentId)}/deliveryWindowOptions`,
      }),
      wait,
    );
  }

  listDeliveryWindowOptions(session: StoreSession, inboundPlanId: string, shipmentId: string) {
    return this.all<DeliveryWindowOption>(
      session,
      'listDeliveryWindowOptions',
      `${shipment(inboundPlanId, shipmentId)}/deliveryWindowOptions`,
      'deliveryWindowOptions',
    );
  }

  confirmDeliveryWindowOption(
    session: StoreSession,
    inboundPlanId: string,
    shipmentId: string,
    deliveryWindowOptionId: string,
    wait?: WaitOptions,
  ) {
    return this.run(
      session,
      this.client.call<Started>(session, 'confirmDeliveryWindowOptions', {
        method: 'POST',
        path: `${shipment(inboundPlanId, shipmentId)}/deliveryWindowOptions/${encodeURIComponent(deliveryWindowOptionId)}/confirmation`,
      }),
      wait,
    );
  }

  getShipment(session: StoreSession, inboundPlanId: string, shipmentId: string) {
    return this.client.call<InboundShipment>(session, 'getShipment', {
      method: 'GET',
      path: shipment(inboundPlanId, shipmentId),
    });
  }

  listShipmentBoxes(session: StoreSession, inboundPlanId: string, shipmentId: string) {
    return this.all<InboundBox>(
      session,
      'listShipmentBoxes',
      `${shipment(inboundPlanId, shipmentId)}/boxes`,
      'boxes',
    );
  }

  /** Tracking numbers of an own-carrier shipment's boxes; Amazon then sees it shipped. */
  updateShipmentTrackingDetails(
    session: StoreSession,
    inboundPlanId: string,
    shipmentId: string,
    items: Array<{ boxId: string; trackingId: string }>,
    wait?: WaitOptions,
  ) {
    return this.run(
      session,
      this.client.call<Started>(session, 'updateShipmentTrackingDetails', {
        method: 'PUT',
        path: `${shipment(inboundPlanId, shipmentId)}/trackingDetails`,
        body: { trackingDetails: { spdTrackingDetail: { spdTrackingItems: items } } },
      }),
      wait,
    );
  }

  /**
   * A shipment content update (boxes and quantities after the carrier is confirmed): Amazon
   * prices it as a preview, confirmed separately.
   */
  generateShipmentContentUpdatePreviews(
    session: StoreSession,
    inboundPlanId: string,
    shipmentId: string,
    update: { boxes: BoxUpdateInput[]; items: InboundItemInput[] },
    wait?: WaitOptions,
  ) {
    return this.run(
      session,
      this.client.call<Started>(session, 'generateShipmentContentUpdatePreviews', {
        method: 'POST',
        path: `${shipment(inboundPlanId, shipmentId)}/contentUpdatePreviews`,
        body: {
          boxes: update.boxes.map((b) => ({
            ...b,
            contentInformationSource: 'BOX_CONTENT_PROVIDED',
          })),
          items: update.items,
        },
      }),
      wait,
    );
  }

  listShipmentContentUpdatePreviews(
    session: StoreSession,
    inboundPlanId: string,
    shipmentId: string,
  ) {
    return this.all<ContentUpdatePreview>(
      session,
      'listShipmentContentUpdatePreviews',
      `${shipment(inboundPlanId, shipmentId)}/contentUpdatePreviews`,
      'contentUpdatePreviews',
    );
  }

  confirmShipmentContentUpdatePreview(
    session: StoreSession,
    inboundPlanId: string,
    shipmentId: string,
    contentUpdatePreviewId: string,
    wait?: WaitOptions,
  ) {
    return this.run(
      session,
      this.client.call<Started>(session, 'confirmShipmentContentUpdatePreview', {
        method: 'POST',
        path: `${shipment(inboundPlanId, shipmentId)}/contentUpdatePreviews/${encodeURIComponent(contentUpdatePreviewId)}/confirmation`,
      }),
      wait,
    );
  }

  async createItemLabels(
    session: StoreSession,
    input: {
      mskuQuantities: Array<{ msku: string; quantity: number }>;
      labelType: 'STANDARD_FORMAT' | 'THERMAL_PRINTING';
      pageType?: string;
    },
  ): Promise<DocumentDownload[]> {
    const res = await this.client.call<{ documentDownloads: DocumentDownload[] }>(
      session,
      'createMarketplaceItemLabels',
      {
        method: 'POST',
        path: `${INBOUND}/items/labels`,
        body: { marketplaceId: session.site.remoteId, ...input },
      },
    );
    return res.documentDownloads;
  }

  /** Box labels (v0): a 2024-03-20 shipment is addressed by its `shipmentConfirmationId`. */
  async getLabels(
    session: StoreSession,
    shipmentConfirmationId: string,
    query: {
      pageType: string;
      labelType: 'BARCODE_2D' | 'UNIQUE' | 'PALLET';
      numberOfPackages?: number;
      packageLabelsToPrint?: string[];
    },
  ): Promise<{ downloadUrl: string }> {
    const res = await this.client.call<{ payload?: { DownloadURL?: string } }>(
      session,
      'getLabels',
      {
        method: 'GET',
        path: `/fba/inbound/v0/shipments/${encodeURIComponent(shipmentConfirmationId)}/labels`,
        query: {
          PageType: query.pageType,
          LabelType: query.labelType,
          NumberOfPackages: query.numberOfPackages,
          PackageLabelsToPrint: query.packageLabelsToPrint?.join(','),
        },
      },
    );
    const url = res.payload?.DownloadURL;
    if (!url)
      throw new MarketplaceError(
        'amazon',
        'protocol',
        'no_download_url',
        'getLabels answered without a DownloadURL',
      );
    return { downloadUrl: url };
  }

  /** The PDF behind a label link (`DownloadURL` or a document download's `uri`). */
  downloadLabel(url: string): Promise<Buffer> {
    return this.client.fetchBytes(url);
  }

  /** Every page of a list operation (`pageSize` 20, `paginationToken`). */
  private async all<T>(
    session: StoreSession,
    operation: Parameters<SpApiClient['call']>[1],
    path: string,
    key: string,
    query: Record<string, string> = {},
  ): Promise<T[]> {
    const out: T[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.call<Record<string, unknown> & Paged>(session, operation, {
        method: 'GET',
        path,
        query: { ...query, pageSize: 20, paginationToken: token },
      });
      out.push(...((res[key] as T[] | undefined) ?? []));
      token = res.pagination?.nextToken;
    } while (token);
    return out;
  }
}
