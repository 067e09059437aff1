import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marketSiteById } from '@app/shared';
import {
  createAmazonSimulator,
  SIM_AMAZON_DEFAULTS,
  startSimulator,
  type RunningSimulator,
} from '@app/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceError, recordingSession } from '../../../../test/connector-fixtures.ts';
import { createAmazonConnector } from './connector.ts';
import type { BoxInput } from './inbound-types.ts';

// Contract tests: the connector's inbound flow against the Amazon simulator over real HTTP.
const US = marketSiteById(1)!;
const SELLER = 'A3SIMINBOUND01';
const SKUS = ['FBA-MUG', 'FBA-TEE', 'FBA-CAP'];
const STEP_SECONDS = 60;
let clock = Date.UTC(2025, 5, 1, 12);
const dir = mkdtempSync(join(tmpdir(), 'amazon-inbound-'));
let running: RunningSimulator;
let sleeps: number[] = [];

const listing = (sku: string, n: number) => ({
  sku,
  productType: 'MUG',
  marketplaceId: US.remoteId,
  attributes: {},
  asin: `B0TEST000${n}`,
  createdDate: '2025-05-01T00:00:00Z',
  lastUpdatedDate: '2025-05-01T00:00:00Z',
});

let sim: ReturnType<typeof createAmazonSimulator>;
beforeAll(async () => {
  const stateFile = join(dir, 'amazon.json');
  const listings = Object.fromEntries(SKUS.map((s, n) => [s, listing(s, n)]));
  writeFileSync(stateFile, JSON.stringify({ listings: { [SELLER]: listings } }));
  sim = createAmazonSimulator({
    basePath: '/amazon',
    now: () => new Date(clock),
    stateFile,
    stepSeconds: STEP_SECONDS,
  });
  running = await startSimulator(sim);
});
afterAll(async () => {
  await running.close();
  rmSync(dir, { recursive: true, force: true });
});

function amazon() {
  const base = `${running.url}/amazon`;
  return createAmazonConnector(
    {
      ...SIM_AMAZON_DEFAULTS,
      beta: false,
      lwaTokenUrl: `${base}/auth/o2/token`,
      consentOrigin: () => base,
      apiOrigin: () => base,
      sandbox: true,
      now: () => new Date(clock),
    },
    {
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 },
    },
  ).inbound;
}

const session = () => recordingSession(US, sim.grant(SELLER, 'US'));
const items = SKUS.map((msku) => ({
  msku,
  quantity: 12,
  prepOwner: 'SELLER' as const,
  labelOwner: 'SELLER' as const,
}));
const sourceAddress = {
  name: 'Shenzhen DC',
  addressLine1: '1 Keji Rd',
  city: 'Shenzhen',
  countryCode: 'CN',
  postalCode: '518000',
  phoneNumber: '+8675512345678',
};
const box = (msku: string, quantity: number, boxes = 1): BoxInput => ({
  dimensions: { length: 40, width: 30, height: 30, unitOfMeasurement: 'CM' },
  weight: { value: 8, unit: 'KG' },
  quantity: boxes,
  items: [{ msku, quantity, prepOwner: 'SELLER', labelOwner: 'SELLER' }],
});

describe('fulfillment inbound', () => {
  it('walks three SKUs from plan to closed shipments, each write polled to its end', async () => {
    const inbound = amazon();
    const s = session();
    sleeps = [];
    const planId = await inbound.createInboundPlanAndWait(s, { items, sourceAddress });
    expect(planId).toHaveLength(38);
    // The simulator answers IN_PROGRESS on the first poll: one pause, of the first interval.
    expect(sleeps).toEqual([500]);

    await inbound.generatePackingOptions(s, planId);
    const { packingOptions } = await inbound.listPackingOptions(s, planId);
    const option = packingOptions[0]!;
    await inbound.confirmPackingOption(s, planId, option.packingOptionId);
    const group = option.packingGroups[0]!;

    // Amazon's own text comes back when the operation fails.
    const short = await marketplaceError(
      inbound.setPackingInformation(s, planId, group, [box('FBA-MUG', 12)]),
    );
    expect(short).toMatchObject({ kind: 'validation', code: 'FBA_INB_0230' });
    expect(short.reason).toContain('The boxes hold 0 units of FBA-TEE; the plan has 12.');

    await inbound.setPackingInformation(s, planId, group, [
      box('FBA-MUG', 6, 2),
      box('FBA-TEE', 12),
      box('FBA-CAP', 12),
    ]);
    await inbound.generatePlacementOptions(s, planId);
    const placements = await inbound.listPlacementOptions(s, planId);
    expect((await inbound.getInboundPlan(s, planId)).shipments).toEqual([]);
    const placement = placements.find((p) => p.shipmentIds.length === 1)!;
    expect(placement.fees[0]!.value.code).toBe('USD');
    await inbound.confirmPlacementOption(s, planId, placement.placementOptionId);
    const shipmentId = placement.shipmentIds[0]!;

    await inbound.generateTransportationOptions(s, planId, placement.placementOptionId, [
      { shipmentId, readyToShip: new Date(clock + 86_400_000) },
    ]);
    const transport = await inbound.listTransportationOptions(s, planId, shipmentId);
    expect(transport.map((o) => o.shippingSolution).sort()).toEqual([
      'AMAZON_PARTNERED_CARRIER',
      'USE_YOUR_OWN_CARRIER',
      'USE_YOUR_OWN_CARRIER',
    ]);
    const own = transport.find((o) => o.carrier.name === 'FedEx')!;
    await inbound.generateDeliveryWindowOptions(s, planId, shipmentId);
    const [window] = await inbound.listDeliveryWindowOptions(s, planId, shipmentId);
    await inbound.confirmDeliveryWindowOption(
      s,
      planId,
      shipmentId,
      window!.deliveryWindowOptionId,
    );
    await inbound.confirmTransportationOptions(s, planId, [
      { shipmentId, transportationOptionId: own.transportationOptionId },
    ]);

    const shipment = await inbound.getShipment(s, planId, shipmentId);
    expect(shipment.shipmentConfirmationId).toMatch(/^FBA[0-9A-Z]{9}$/);
    const boxes = await inbound.listShipmentBoxes(s, planId, shipmentId);
    expect(boxes).toHaveLength(4);
    expect((await inbound.listInboundPlanItems(s, planId)).map((i) => i.fnsku)).toEqual([
      'X00EST0000',
      'X00EST0001',
      'X00EST0002',
    ]);

    const labels = await inbound.getLabels(s, shipment.shipmentConfirmationId!, {
      pageType: 'PackageLabel_Thermal',
      labelType: 'UNIQUE',
      numberOfPackages: boxes.length,
    });
    const [itemLabels] = await inbound.createItemLabels(s, {
      mskuQuantities: [{ msku: 'FBA-MUG', quantity: 12 }],
      labelType: 'STANDARD_FORMAT',
    });
    for (const url of [itemLabels!.uri, labels.downloadUrl]) {
      const pdf = await fetch(url);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }

    await inbound.updateShipmentTrackingDetails(
      s,
      planId,
      shipmentId,
      boxes.map((b, n) => ({ boxId: b.boxId!, trackingId: `77200000000${n}` })),
    );
    const statuses = [];
    for (let step = 0; step < 3; step++) {
      statuses.push((await inbound.getShipment(s, planId, shipmentId)).status);
      clock += STEP_SECONDS * 1000;
    }
    expect(statuses).toEqual(['SHIPPED', 'RECEIVING', 'CLOSED']);
    expect(await marketplaceError(inbound.cancelInboundPlan(s, planId))).toMatchObject({
      code: 'FBA_INB_0103',
    });
  });

  it('gives up on an operation still running after its polls, and fails with Amazon’s text', async () => {
    const inbound = amazon();
    const s = session();
    const created = await inbound.createInboundPlan(s, { items, sourceAddress });
    sleeps = [];
    expect(
      await marketplaceError(
        inbound.waitForOperation(s, created.operationId, { maxPolls: 1, intervalMs: 200 }),
      ),
    ).toMatchObject({ kind: 'unavailable', code: 'OperationTimeout' });
    expect(sleeps).toEqual([]);
    await inbound.waitForOperation(s, created.operationId, { intervalMs: 200 });
    const failing = await inbound.createInboundPlan(s, {
      items: [{ ...items[0]!, msku: 'NOT-LISTED' }],
      sourceAddress,
    });
    sleeps = [];
    const error = await marketplaceError(
      inbound.waitForOperation(s, failing.operationId, { intervalMs: 200 }),
    );
    expect(error.reason).toBe('The msku NOT-LISTED is not listed in this marketplace.');
    expect(sleeps).toEqual([200]);
    expect(
      await marketplaceError(
        inbound.getLabels(s, 'FBA000000000', { pageType: 'A5', labelType: 'UNIQUE' }),
      ),
    ).toMatchObject({ kind: 'validation', code: 'InvalidInput' });
  });
});
