import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permOf } from '@app/shared';
import {
  finishedProducts,
  listingBatches,
  listingBatchItems,
  listings,
  stores,
} from '../src/db/schema.ts';
import { productFor } from './cart-fixtures.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import { expectFields, storedImage, waitForJob } from './listing-fixtures.ts';
import { unzip } from './media.ts';

/** The picture-zip page's API (issue 24): one zip per choice, built by a job, downloaded once done. */
let t: TestApp;
let a: SellerFixture;
let b: SellerFixture;
let noPerm: SellerFixture;
let zipper: SellerFixture;

const SKUS = [{ color: 'White', size: 'M', costMinor: 1_000, stock: 5 }];
const post = (body: unknown, token = a.token) =>
  call(t.app, 'POST', '/api/goods/picture-zip', { token, body });

async function productWith(sellerId: number, images: string[]) {
  return productFor(t.database.db, sellerId, {
    skus: SKUS,
    images: images.map((url) => ({ url })),
  });
}

async function download(url: string, token = a.token) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

beforeAll(async () => {
  t = await buildTestApp({ jobs: true });
  a = await createSeller(t.database.db);
  b = await createSeller(t.database.db);
  noPerm = await createSeller(t.database.db, { sellerId: a.sellerId, permissions: [] });
  zipper = await createSeller(t.database.db, {
    sellerId: a.sellerId,
    permissions: [permOf('/goods/pictureZip', 'export')],
  });
});
afterAll(() => t?.close());

describe('POST /api/goods/picture-zip', () => {
  it('zips finished products at each size, named SKU_index, and streams it to storage', async () => {
    const images = [
      await storedImage(t.storage, a.sellerId, { size: 1200 }),
      await storedImage(t.storage, a.sellerId, { size: 800 }),
    ];
    const p = await productWith(a.sellerId, images);
    const started = await post({
      source: 'goods',
      ids: [p.productId],
      sizes: ['original', '1000'],
      naming: 'sku_index',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.images).toBe(4);
    const job = await waitForJob(t.app, a.token, started.body.data.job_id);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.progress).toBe(100);
    expect(job.result).toMatchObject({ images: 4, missing: 0 });

    const res = await download(job.result.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = unzip(res.rawPayload);
    const code = p.skus[0]!.code;
    expect(Object.keys(entries).sort()).toEqual(
      [
        `1000px/${code}_1.jpg`,
        `1000px/${code}_2.jpg`,
        `original/${code}_1.jpg`,
        `original/${code}_2.jpg`,
      ].sort(),
    );
    // Longest side at the size, smaller pictures enlarged; originals untouched.
    for (const name of [`1000px/${code}_1.jpg`, `1000px/${code}_2.jpg`]) {
      const meta = await sharp(entries[name]!).metadata();
      expect(Math.max(meta.width!, meta.height!), name).toBe(1000);
    }
    expect((await sharp(entries[`original/${code}_1.jpg`]!).metadata()).width).toBe(1200);

    // Another seller cannot download it, not even knowing the job id.
    expect((await download(job.result.url, b.token)).statusCode).toBe(404);
  });

  it('names by title with unsafe characters replaced, one folder-less list for one size', async () => {
    const p = await productWith(a.sellerId, [await storedImage(t.storage, a.sellerId)]);
    await t.database.db
      .update(finishedProducts)
      .set({ title: ' T恤: "夏季"/限定 <2025>? ' })
      .where(eq(finishedProducts.id, p.productId));
    const started = await post({
      source: 'goods',
      ids: [p.productId],
      sizes: ['1600'],
      naming: 'title_index',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const job = await waitForJob(t.app, a.token, started.body.data.job_id);
    const entries = unzip((await download(job.result.url)).rawPayload);
    expect(Object.keys(entries)).toEqual(['T恤_夏季_限定_2025_1.jpg']);
  });

  it('zips the listings of a listing batch', async () => {
    const db = t.database.db;
    const [store] = await db
      .insert(stores)
      .values({
        sellerId: a.sellerId,
        marketplace: 'amazon',
        marketSiteId: 1,
        alias: 'Zip store',
        account: 'ZIP1',
        source: 'sandbox',
        credentials: 'v1.none',
      })
      .returning();
    const image = await storedImage(t.storage, a.sellerId);
    const [listing] = await db
      .insert(listings)
      .values({
        sellerId: a.sellerId,
        storeId: store!.id,
        siteId: 1,
        currency: 'USD',
        title: 'Zip listing',
        parentSku: 'PARENT-1',
        images: [image, 'https://elsewhere.example/x.jpg'],
      })
      .returning();
    const [batch] = await db
      .insert(listingBatches)
      .values({ sellerId: a.sellerId, storeId: store!.id, kind: 'publish' })
      .returning();
    await db.insert(listingBatchItems).values({ batchId: batch!.id, listingId: listing!.id });

    const list = await call(t.app, 'GET', '/api/goods/picture-zip/batches', { token: a.token });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({
      id: batch!.id,
      store_alias: 'Zip store',
      listings: 1,
    });

    const started = await post({
      source: 'batch',
      batch_id: batch!.id,
      sizes: ['original'],
      naming: 'sku_index',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // The foreign URL is never fetched: only the stored image is zipped.
    expect(started.body.data.images).toBe(1);
    const job = await waitForJob(t.app, a.token, started.body.data.job_id);
    expect(Object.keys(unzip((await download(job.result.url)).rawPayload))).toEqual([
      'PARENT-1_1.jpg',
    ]);
    expect(
      (
        await post(
          { source: 'batch', batch_id: batch!.id, sizes: ['original'], naming: 'sku_index' },
          b.token,
        )
      ).status,
    ).toBe(404);
  });

  it('422 names the field, 404 for another seller, 403 without the permission', async () => {
    const bad = await post({ source: 'goods', ids: [], sizes: ['3000'], naming: 'x' });
    expect(bad.status).toBe(422);
    expectFields(bad.body, 'ids', 'sizes.0', 'naming');
    expectFields(
      (await post({ source: 'batch', sizes: ['original'], naming: 'sku_index' })).body,
      'batch_id',
    );

    // 126 images × 4 sizes = 504 > 500: the sizes take it over; 501 in one size: the ids.
    const url = await storedImage(t.storage, a.sellerId, { size: 200 });
    const many = await productWith(
      a.sellerId,
      Array.from({ length: 126 }, () => url),
    );
    const over = await post({
      source: 'goods',
      ids: [many.productId],
      sizes: ['original', '1000', '1600', '2000'],
      naming: 'sku_index',
    });
    expect(over.status).toBe(422);
    expectFields(over.body, 'sizes');
    const more = await productWith(
      a.sellerId,
      Array.from({ length: 375 }, () => url),
    );
    const tooMany = await post({
      source: 'goods',
      ids: [many.productId, more.productId],
      sizes: ['original'],
      naming: 'sku_index',
    });
    expect(tooMany.status).toBe(422);
    expectFields(tooMany.body, 'ids');
    const bare = await productWith(a.sellerId, []);
    const empty = await post({
      source: 'goods',
      ids: [bare.productId],
      sizes: ['original'],
      naming: 'sku_index',
    });
    expect(empty.status).toBe(422);
    expectFields(empty.body, 'ids');

    const theirs = await productWith(b.sellerId, [await storedImage(t.storage, b.sellerId)]);
    const foreign = await post({
      source: 'goods',
      ids: [theirs.productId],
      sizes: ['original'],
      naming: 'sku_index',
    });
    expect(foreign.status).toBe(404);
    expect(
      (await post({ source: 'batch', batch_id: 999_999, sizes: ['original'], naming: 'sku_index' }))
        .status,
    ).toBe(404);

    const mine = {
      source: 'goods',
      ids: [bare.productId],
      sizes: ['original'],
      naming: 'sku_index',
    };
    expect((await post(mine, noPerm.token)).status).toBe(403);
    expect(
      (await call(t.app, 'GET', '/api/goods/picture-zip/batches', { token: noPerm.token })).status,
    ).toBe(403);
    // Staff holding the page's permission may zip the boss's products.
    const p = await productWith(a.sellerId, [url]);
    const staff = await post({ ...mine, ids: [p.productId] }, zipper.token);
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    const job = await waitForJob(t.app, zipper.token, staff.body.data.job_id);
    expect((await download(job.result.url, noPerm.token)).statusCode).toBe(403);
    expect((await download(job.result.url, zipper.token)).statusCode).toBe(200);
  });
});
