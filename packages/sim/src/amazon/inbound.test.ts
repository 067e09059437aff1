import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../http.ts';
import type { MarketSimulator } from '../market.ts';
import { checkRequest, checkResponse } from './model-check.ts';
import { createAmazonSimulator } from './server.ts';
import { asinOf } from './state.ts';

const US = 'ATVPDKIKX0DER';
const SELLER = 'A3SIMFBA0001';
const SKUS = ['FBA-MUG', 'FBA-TEE', 'FBA-CAP'];
const STEP_SECONDS = 30;
let clock = Date.UTC(2025, 5, 1, 12);
const now = () => new Date(clock);
const dir = mkdtempSync(join(tmpdir(), 'amazon-inbound-'));
let sim: MarketSimulator;
let running: RunningSimulator;
let token: string;

beforeAll(async () => {
  const stateFile = join(dir, 'amazon.json');
  const listing = (sku: string) => ({
    sku,
    productType: 'MUG',
    marketplaceId: US,
    attributes: {},
    asin: asinOf(SELLER, sku),
    createdDate: '2025-05-01T00:00:00Z',
    lastUpdatedDate: '2025-05-01T00:00:00Z',
  });
  writeFileSync(
    stateFile,
    JSON.stringify({
      listings: { [SELLER]: Object.fromEntries(SKUS.map((s) => [s, listing(s)])) },
    }),
  );
  sim = createAmazonSimulator({ now, stateFile, stepSeconds: STEP_SECONDS });
  running = await startSimulator(sim);
  token = sim.grant(SELLER, 'US').accessToken;
});
afterAll(async () => {
  await running.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * One SP-API call whose answer must follow Amazon's model for `operation` (status and body), and
 * whose request body must too: the contract test of every step.
 */
async function call(
  operation: string,
  method: string,
  path: string,
  options: { body?: unknown; query?: Record<string, string> } = {},
) {
  if (options.body !== undefined) expect(checkRequest(operation, options.body)).toEqual([]);
  const url = new URL(`${running.url}${path}`);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method,
    headers: { 'x-amz-access-token': token, 'content-type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const json = (await res.json()) as Record<string, any>;
  expect(checkResponse(operation, res.status, json), `${operation} ${res.status}`).toEqual([]);
  return { status: res.status, json };
}

const V2 = '/inbound/fba/2024-03-20';

/** Polls an operation as a client does and returns its final state. */
async function settle(operationId: string) {
  for (;;) {
    const { json } = await call(
      'getInboundOperationStatus',
      'GET',
      `${V2}/operations/${operationId}`,
    );
    if (json.operationStatus !== 'IN_PROGRESS') return json;
  }
}

const address = {
  name: '深圳仓 Shenzhen DC',
  addressLine1: '1 Keji Rd',
  city: 'Shenzhen',
  countryCode: 'CN',
  postalCode: '518000',
  phoneNumber: '+8675512345678',
};
const box = (items: Array<[string, number]>, quantity = 1) => ({
  contentInformationSource: 'BOX_CONTENT_PROVIDED',
  dimensions: { length: 40, width: 30, height: 30, unitOfMeasurement: 'CM' },
  weight: { value: 8.5, unit: 'KG' },
  quantity,
  items: items.map(([msku, q]) => ({
    msku,
    quantity: q,
    prepOwner: 'SELLER',
    labelOwner: 'SELLER',
  })),
});

async function newPlan(items = SKUS.map((msku) => ({ msku, quantity: 10 }))) {
  const created = await call('createInboundPlan', 'POST', `${V2}/inboundPlans`, {
    body: {
      destinationMarketplaces: [US],
      sourceAddress: address,
      name: 'Summer restock',
      items: items.map((i) => ({ ...i, prepOwner: 'SELLER', labelOwner: 'SELLER' })),
    },
  });
  expect(created.status).toBe(202);
  return {
    inboundPlanId: created.json.inboundPlanId as string,
    op: await settle(created.json.operationId),
  };
}

describe('fulfillment inbound 2024-03-20', () => {
  it('walks a plan of three SKUs to CLOSED, every answer as the model has it', async () => {
    const plan = await newPlan();
    expect(plan.op.operationStatus).toBe('SUCCESS');
    expect(plan.inboundPlanId).toHaveLength(38);
    const id = plan.inboundPlanId as string;
    const P = `${V2}/inboundPlans/${id}`;

    await settle(
      (await call('generatePackingOptions', 'POST', `${P}/packingOptions`)).json.operationId,
    );
    const packing = (await call('listPackingOptions', 'GET', `${P}/packingOptions`)).json;
    expect(packing.packingOptions).toHaveLength(2);
    const option = packing.packingOptions[0];
    const confirmed = await call(
      'confirmPackingOption',
      'POST',
      `${P}/packingOptions/${option.packingOptionId}/confirmation`,
    );
    expect((await settle(confirmed.json.operationId)).operationStatus).toBe('SUCCESS');
    const groupItems = await call(
      'listPackingGroupItems',
      'GET',
      `${P}/packingGroups/${option.packingGroups[0]}/items`,
    );
    expect(groupItems.json.items.map((i: { msku: string }) => i.msku)).toEqual(SKUS);

    // No shipments exist before a placement is confirmed.
    expect((await call('getInboundPlan', 'GET', P)).json.shipments).toEqual([]);

    const info = (boxes: unknown[]) => ({
      packageGroupings: [{ packingGroupId: option.packingGroups[0], boxes }],
    });
    // Too few mugs: the operation fails with Amazon's own problem text, and nothing is kept.
    const short = await call('setPackingInformation', 'POST', `${P}/packingInformation`, {
      body: info([
        box([
          ['FBA-MUG', 9],
          ['FBA-TEE', 10],
          ['FBA-CAP', 10],
        ]),
      ]),
    });
    const failed = await settle(short.json.operationId);
    expect(failed.operationStatus).toBe('FAILED');
    expect(failed.operationProblems[0].message).toBe(
      'The boxes hold 9 units of FBA-MUG; the plan has 10.',
    );
    const early = await call('generatePlacementOptions', 'POST', `${P}/placementOptions`);
    expect((await settle(early.json.operationId)).operationProblems[0].code).toBe('FBA_INB_0119');

    const set = await call('setPackingInformation', 'POST', `${P}/packingInformation`, {
      body: info([box([['FBA-MUG', 5]], 2), box([['FBA-TEE', 10]]), box([['FBA-CAP', 10]])]),
    });
    expect((await settle(set.json.operationId)).operationStatus).toBe('SUCCESS');

    await settle(
      (await call('generatePlacementOptions', 'POST', `${P}/placementOptions`)).json.operationId,
    );
    const placements = (await call('listPlacementOptions', 'GET', `${P}/placementOptions`)).json;
    expect(placements.placementOptions).toHaveLength(2);
    const [single, split] = placements.placementOptions;
    expect(single.fees[0].value).toEqual({ amount: 9, code: 'USD' });
    expect(split.shipmentIds).toHaveLength(2);
    const placed = await call(
      'confirmPlacementOption',
      'POST',
      `${P}/placementOptions/${split.placementOptionId}/confirmation`,
    );
    expect((await settle(placed.json.operationId)).operationStatus).toBe('SUCCESS');
    const shipmentIds = split.shipmentIds as string[];
    for (const shipmentId of shipmentIds) expect(shipmentId).toHaveLength(38);

    const transport = await call(
      'generateTransportationOptions',
      'POST',
      `${P}/transportationOptions`,
      {
        body: {
          placementOptionId: split.placementOptionId,
          shipmentTransportationConfigurations: shipmentIds.map((shipmentId) => ({
            shipmentId,
            readyToShipWindow: { start: '2025-06-03T00:00:00Z' },
          })),
        },
      },
    );
    expect((await settle(transport.json.operationId)).operationStatus).toBe('SUCCESS');
    const options = (
      await call('listTransportationOptions', 'GET', `${P}/transportationOptions`, {
        query: { placementOptionId: split.placementOptionId, pageSize: '20' },
      })
    ).json.transportationOptions as Array<Record<string, any>>;
    const [partneredShipment, ownShipment] = shipmentIds;
    const partnered = options.find(
      (o) =>
        o.shipmentId === partneredShipment && o.shippingSolution === 'AMAZON_PARTNERED_CARRIER',
    )!;
    const own = options.find(
      (o) => o.shipmentId === ownShipment && o.shippingSolution === 'USE_YOUR_OWN_CARRIER',
    )!;
    expect(partnered.quote.cost.code).toBe('USD');
    expect(own.preconditions).toEqual(['CONFIRMED_DELIVERY_WINDOW']);
    const selections = {
      transportationSelections: [
        { shipmentId: partneredShipment, transportationOptionId: partnered.transportationOptionId },
        { shipmentId: ownShipment, transportationOptionId: own.transportationOptionId },
      ],
    };
    // The own carrier needs a delivery window first.
    const noWindow = await call(
      'confirmTransportationOptions',
      'POST',
      `${P}/transportationOptions/confirmation`,
      { body: selections },
    );
    expect((await settle(noWindow.json.operationId)).operationProblems[0].code).toBe(
      'FBA_INB_0126',
    );
    const S = `${P}/shipments/${ownShipment}`;
    await settle(
      (await call('generateDeliveryWindowOptions', 'POST', `${S}/deliveryWindowOptions`)).json
        .operationId,
    );
    const windows = (await call('listDeliveryWindowOptions', 'GET', `${S}/deliveryWindowOptions`))
      .json;
    const windowId = windows.deliveryWindowOptions[0].deliveryWindowOptionId;
    await settle(
      (
        await call(
          'confirmDeliveryWindowOptions',
          'POST',
          `${S}/deliveryWindowOptions/${windowId}/confirmation`,
        )
      ).json.operationId,
    );
    const booked = await call(
      'confirmTransportationOptions',
      'POST',
      `${P}/transportationOptions/confirmation`,
      { body: selections },
    );
    expect((await settle(booked.json.operationId)).operationStatus).toBe('SUCCESS');

    const shipment = (await call('getShipment', 'GET', S)).json;
    expect(shipment).toMatchObject({
      status: 'WORKING',
      selectedTransportationOptionId: own.transportationOptionId,
      selectedDeliveryWindow: { deliveryWindowOptionId: windowId },
    });
    expect(shipment.shipmentConfirmationId).toMatch(/^FBA[0-9A-Z]{9}$/);
    const boxes = (await call('listShipmentBoxes', 'GET', `${S}/boxes`)).json.boxes;
    expect(boxes.map((b: { boxId: string }) => b.boxId)).toEqual(
      boxes.map((_: unknown, n: number) => `${shipment.shipmentConfirmationId}U00000${n + 1}`),
    );

    const labels = await call(
      'getLabels',
      'GET',
      `/fba/inbound/v0/shipments/${shipment.shipmentConfirmationId}/labels`,
      {
        query: {
          PageType: 'PackageLabel_Letter_2',
          LabelType: 'UNIQUE',
          NumberOfPackages: String(boxes.length),
        },
      },
    );
    const pdf = Buffer.from(
      await (await fetch(labels.json.payload.DownloadURL)).arrayBuffer(),
    ).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(`${shipment.shipmentConfirmationId}U000001`);
    // One box a page, each with its barcode.
    expect(pdf).toContain(`/Count ${boxes.length}`);
    expect(pdf).toMatch(/ re\n/);

    // Once placed, the boxes no longer change by packing information; with a confirmed carrier
    // they change by a content update preview, priced, then confirmed.
    const repack = await call('setPackingInformation', 'POST', `${P}/packingInformation`, {
      body: info([box([['FBA-MUG', 10]])]),
    });
    expect((await settle(repack.json.operationId)).operationProblems[0].code).toBe('FBA_INB_0118');
    const update = (changes: unknown) =>
      call('generateShipmentContentUpdatePreviews', 'POST', `${S}/contentUpdatePreviews`, {
        body: changes,
      });
    const item = (msku: string, quantity: number) => ({
      msku,
      quantity,
      prepOwner: 'SELLER',
      labelOwner: 'SELLER',
    });
    const [teeBox, capBox] = boxes as Array<{ packageId: string }>;
    const stranger = await update({
      boxes: [{ ...box([['FBA-HAT', 1]]), packageId: teeBox!.packageId }],
      items: [item('FBA-HAT', 1)],
    });
    expect((await settle(stranger.json.operationId)).operationProblems[0].message).toBe(
      'The msku FBA-HAT is not in this inbound plan.',
    );
    const fewer = await update({
      boxes: [
        { ...box([['FBA-TEE', 8]]), packageId: teeBox!.packageId },
        { ...box([['FBA-CAP', 10]]), packageId: capBox!.packageId },
      ],
      items: [item('FBA-TEE', 8), item('FBA-CAP', 10)],
    });
    expect((await settle(fewer.json.operationId)).operationStatus).toBe('SUCCESS');
    const previews = (
      await call('listShipmentContentUpdatePreviews', 'GET', `${S}/contentUpdatePreviews`)
    ).json.contentUpdatePreviews;
    expect(previews).toHaveLength(1);
    expect(previews[0].contentUpdatePreviewId).toHaveLength(38);
    expect(previews[0].requestedUpdates.items).toEqual([item('FBA-TEE', 8), item('FBA-CAP', 10)]);
    const accepted = await call(
      'confirmShipmentContentUpdatePreview',
      'POST',
      `${S}/contentUpdatePreviews/${previews[0].contentUpdatePreviewId}/confirmation`,
    );
    expect((await settle(accepted.json.operationId)).operationStatus).toBe('SUCCESS');
    const updated = (await call('listShipmentBoxes', 'GET', `${S}/boxes`)).json.boxes;
    expect(updated.map((b: { boxId: string }) => b.boxId)).toEqual(
      boxes.map((b: { boxId: string }) => b.boxId),
    );
    expect(updated[0].items[0].quantity).toBe(8);
    const items = (await call('listInboundPlanItems', 'GET', `${P}/items`)).json.items;
    expect(items.find((i: { msku: string }) => i.msku === 'FBA-TEE').quantity).toBe(8);

    // Cancelling is refused once a carrier has the boxes.
    const tracked = await call('updateShipmentTrackingDetails', 'PUT', `${S}/trackingDetails`, {
      body: {
        trackingDetails: {
          spdTrackingDetail: {
            spdTrackingItems: boxes.map((b: { boxId: string }, n: number) => ({
              boxId: b.boxId,
              trackingId: `7720000000${n}`,
            })),
          },
        },
      },
    });
    expect((await settle(tracked.json.operationId)).operationStatus).toBe('SUCCESS');
    const statusAfter = async (seconds: number) => {
      clock += seconds * 1000;
      return (await call('getShipment', 'GET', S)).json.status;
    };
    expect(await statusAfter(0)).toBe('SHIPPED');
    const late = await update({
      boxes: [{ ...box([['FBA-TEE', 8]]), packageId: teeBox!.packageId }],
      items: [item('FBA-TEE', 8)],
    });
    expect((await settle(late.json.operationId)).operationProblems[0].code).toBe('FBA_INB_0141');
    expect(await statusAfter(STEP_SECONDS)).toBe('RECEIVING');
    const cancel = await call('cancelInboundPlan', 'PUT', `${P}/cancellation`);
    expect((await settle(cancel.json.operationId)).operationStatus).toBe('FAILED');
    expect(await statusAfter(STEP_SECONDS)).toBe('CLOSED');
    // The partnered carrier collected its boxes one step after booking: a step behind.
    const partneredPath = `${P}/shipments/${partneredShipment}`;
    const other = (await call('getShipment', 'GET', partneredPath)).json;
    expect(other.status).toBe('RECEIVING');
    expect(other.trackingDetails.spdTrackingDetail.spdTrackingItems[0].trackingId).toMatch(/^1Z/);
    clock += STEP_SECONDS * 1000;
    expect((await call('getShipment', 'GET', partneredPath)).json.status).toBe('CLOSED');
  });

  it('fails a plan with an unlisted SKU, and cancels a plan before it ships', async () => {
    const bad = await newPlan([{ msku: 'NOT-LISTED', quantity: 1 }]);
    expect(bad.op).toMatchObject({
      operationStatus: 'FAILED',
      operationProblems: [{ code: 'FBA_INB_0004', severity: 'ERROR' }],
    });
    expect(
      (await call('getInboundPlan', 'GET', `${V2}/inboundPlans/${bad.inboundPlanId}`)).status,
    ).toBe(404);

    const plan = await newPlan([{ msku: 'FBA-MUG', quantity: 4 }]);
    const P = `${V2}/inboundPlans/${plan.inboundPlanId}`;
    const cancel = await call('cancelInboundPlan', 'PUT', `${P}/cancellation`);
    expect((await settle(cancel.json.operationId)).operationStatus).toBe('SUCCESS');
    expect((await call('getInboundPlan', 'GET', P)).json.status).toBe('VOIDED');
    const again = await call('generatePackingOptions', 'POST', `${P}/packingOptions`);
    expect(again.status).toBe(400);
  });

  it('answers a body that breaks the model with 400 naming the field', async () => {
    const res = await call('createInboundPlan', 'POST', `${V2}/inboundPlans`, {
      body: { destinationMarketplaces: [US], sourceAddress: address, items: [] },
    }).catch(() => null);
    expect(res).toBeNull(); // checkRequest itself refuses to send it
    const raw = await fetch(`${running.url}${V2}/inboundPlans`, {
      method: 'POST',
      headers: { 'x-amz-access-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({
        destinationMarketplaces: [US],
        sourceAddress: address,
        items: [{ msku: 'FBA-MUG', quantity: '3', prepOwner: 'SELLER', labelOwner: 'SELLER' }],
      }),
    });
    expect(raw.status).toBe(400);
    const body = (await raw.json()) as { errors: Array<{ code: string; message: string }> };
    expect(checkResponse('createInboundPlan', 400, body)).toEqual([]);
    expect(body.errors[0]!.message).toContain('$.items[0].quantity: not an integer');
  });
});
