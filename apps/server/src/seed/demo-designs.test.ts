import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarketplaceSimulators } from '@app/sim';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import {
  finishedProductImages,
  finishedProducts,
  finishedSkus,
  jobs,
  parentProducts,
} from '../db/schema.ts';
import { keyOfUrl } from '../integrations/object-storage.ts';
import { createSecretBox } from '../integrations/secret-box.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { SIM_DEMO_SKUS } from '../modules/orders/index.ts';
import { readBytes } from '../modules/uploads/service.ts';
import { seedDemo } from './seed.ts';

/** Demo designed products are real designs whose mockups show them (issue 24's rough edges). */
let t: TestApp;
const queued: Array<Parameters<JobRunner['enqueue']>[0]> = [];

beforeAll(async () => {
  t = await buildTestApp();
  const jobs = { enqueue: async (job: (typeof queued)[number]) => (queued.push(job), 'x') };
  const stores = {
    box: createSecretBox(randomBytes(32)),
    simulators: createMarketplaceSimulators(),
  };
  expect(await seedDemo(t.database.db, { storage: t.storage, jobs, stores })).toBe(true);
});
afterAll(() => t?.close());

const designed = (platform: boolean) =>
  t.database.db
    .select()
    .from(finishedProducts)
    .where(
      and(
        eq(finishedProducts.source, 'design'),
        platform ? isNull(finishedProducts.sellerId) : undefined,
      ),
    );

describe('demo designs', () => {
  it('gives every designed product artwork and text layers', async () => {
    const rows = await designed(false);
    expect(rows.length).toBe(6);
    for (const row of rows) {
      const design = row.design as { layers: Array<{ kind: string }>; colors: string[] };
      expect(design.layers.map((l) => l.kind).sort(), row.title).toEqual(['image', 'text']);
      expect(design.colors.length).toBeGreaterThan(0);
    }
  });

  it("renders the platform's at seed time: mockups that differ from the blank", async () => {
    const rows = await designed(true);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const images = await t.database.db
        .select()
        .from(finishedProductImages)
        .where(eq(finishedProductImages.productId, row.id));
      expect(images.length, row.title).toBeGreaterThan(0);
      expect(images.every((i) => i.kind === 'mockup')).toBe(true);
      const key = keyOfUrl(images[0]!.url, t.storage)!;
      expect(key).toMatch(/^design\/platform-/);
      const stats = await sharp((await readBytes(t.storage, key))!).stats();
      // Artwork in several colours on the blank: no flat picture.
      expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(20);
    }
  });

  it("queues the seller's renders after the seed, one per design, as a save does", async () => {
    const mine = await designed(false).then((rows) => rows.filter((r) => r.sellerId !== null));
    expect(queued.map((j) => j.kind)).toEqual(mine.map(() => 'design.render'));
    expect(queued.map((j) => (j.payload as { productId: number }).productId).sort()).toEqual(
      mine.map((r) => r.id).sort(),
    );
    // Nothing was queued inside the seed's transaction.
    expect(await t.database.db.$count(jobs)).toBe(0);
  });

  it("holds the SKU each simulator code names: its kind, colour and size (the stores' seed aligns them)", async () => {
    // What packages/sim's demo catalogues sell under each code ("Classic Tee - Black / M",
    // "Silicone phone case, black"…); a mug or case code names no colour or size.
    const sold: Record<string, { kind: RegExp; color?: string; size?: string }> = {
      'DEMO-TEE-BLK-M': { kind: /t-shirt|\btee\b/i, color: 'Black', size: 'M' },
      'DEMO-TEE-WHT-L': { kind: /t-shirt|\btee\b/i, color: 'White', size: 'L' },
      'DEMO-MUG-11OZ': { kind: /\bmug\b/i, size: '11oz' },
      'DEMO-CASE-BLK': { kind: /phone case/i, color: 'Black' },
    };
    expect(Object.keys(sold).sort()).toEqual([...SIM_DEMO_SKUS].sort());
    const rows = await t.database.db
      .select({
        code: finishedSkus.skuCode,
        color: finishedSkus.color,
        size: finishedSkus.size,
        kind: parentProducts.titleEn,
      })
      .from(finishedSkus)
      .innerJoin(finishedProducts, eq(finishedProducts.id, finishedSkus.productId))
      .innerJoin(parentProducts, eq(parentProducts.id, finishedProducts.parentProductId))
      .where(inArray(finishedSkus.skuCode, [...SIM_DEMO_SKUS]));
    for (const code of SIM_DEMO_SKUS) {
      const { kind, color, size } = sold[code]!;
      const found = rows.filter((r) => r.code === code);
      expect(found, code).toHaveLength(1);
      expect(found[0]!.kind, code).toMatch(kind);
      if (color) expect(found[0]!.color, code).toBe(color);
      if (size) expect(found[0]!.size, code).toBe(size);
    }
  });
});
