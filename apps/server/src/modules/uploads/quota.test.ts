import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_QUOTA_DEFAULT_BYTES, STORAGE_QUOTA_STEP_BYTES } from '@app/shared';
import { createSeller, type SellerFixture } from '../../../test/fixtures.ts';
import { buildTestApp, call, type TestApp } from '../../../test/helper.ts';
import { solid, uploadTo } from '../../../test/media.ts';
import { files } from '../../db/schema.ts';
import { createLocalStorage, type ObjectStorage } from '../../integrations/object-storage.ts';

let t: TestApp;
const root = `/tmp/quota-test-${randomUUID()}`;
/** Keys held by the storage right now, to prove a refused upload leaves nothing behind. */
const held = new Set<string>();

beforeAll(async () => {
  const local = createLocalStorage(root);
  const storage: ObjectStorage = {
    ...local,
    async put(key, bytes, type) {
      await local.put(key, bytes, type);
      held.add(key);
    },
    async delete(key) {
      await local.delete(key);
      held.delete(key);
    },
  };
  t = await buildTestApp({ storage });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(root, { recursive: true, force: true });
});

const space = async (s: SellerFixture) =>
  (await call(t.app, 'GET', '/api/image/space', { token: s.token })).body.data;

/** Makes the seller's used storage `bytes` with a row that has no objects. */
async function fill(s: SellerFixture, bytes: number) {
  await t.database.db.insert(files).values({
    sellerId: s.sellerId,
    key: `filler/${randomUUID()}`,
    originalName: 'filler',
    contentType: 'image/png',
    bytes: 0,
    storedBytes: bytes,
  });
}

describe('storage quota', () => {
  it('counts the image and its thumbnail from the default quota', async () => {
    const seller = await createSeller(t.database.db);
    expect(await space(seller)).toEqual({ usedBytes: 0, quotaBytes: STORAGE_QUOTA_DEFAULT_BYTES });
    const png = await solid(600, 400).png().toBuffer();
    const { status, body } = await uploadTo(
      t.app,
      '/api/common/upload-single',
      seller.token,
      png,
      'a.png',
    );
    expect(status).toBe(200);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, body.data.id));
    expect(row!.storedBytes).toBeGreaterThan(body.data.bytes);
    expect((await space(seller)).usedBytes).toBe(row!.storedBytes);
  });

  it('refuses an upload that would pass the quota with 409 and stores nothing', async () => {
    const seller = await createSeller(t.database.db);
    await fill(seller, STORAGE_QUOTA_DEFAULT_BYTES - 100);
    const before = held.size;
    const rows = await t.database.db
      .select()
      .from(files)
      .where(eq(files.sellerId, seller.sellerId));
    const png = await solid(50, 50).png().toBuffer();
    for (const url of ['/api/common/upload-single', '/api/material/upload-single']) {
      const { status, body } = await uploadTo(t.app, url, seller.token, png, 'a.png');
      expect({ url, status }).toEqual({ url, status: 409 });
      expect(body.key).toBe('uploads.quota_exceeded');
      expect(body.message).toMatch(/1024\.0 MB/);
      expect(body.data).toMatchObject({
        usedBytes: STORAGE_QUOTA_DEFAULT_BYTES - 100,
        quotaBytes: STORAGE_QUOTA_DEFAULT_BYTES,
      });
    }
    expect(held.size).toBe(before);
    expect(
      await t.database.db.select().from(files).where(eq(files.sellerId, seller.sellerId)),
    ).toHaveLength(rows.length);
  });

  it('lets exactly one of two parallel uploads take the last free space', async () => {
    const seller = await createSeller(t.database.db);
    const png = await solid(300, 300).png().toBuffer();
    // The same bytes always encode to the same size: learn it from a first upload, then remove it.
    const first = await uploadTo(t.app, '/api/common/upload-single', seller.token, png, 'p.png');
    const one = (await space(seller)).usedBytes;
    await call(t.app, 'POST', '/api/common/upload-delete', {
      token: seller.token,
      body: { id: first.body.data.id },
    });
    await fill(seller, STORAGE_QUOTA_DEFAULT_BYTES - Math.floor(one * 1.5));

    const before = held.size;
    const results = await Promise.all(
      [1, 2].map((n) =>
        uploadTo(t.app, '/api/common/upload-single', seller.token, png, `p${n}.png`),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(held.size).toBe(before + 2);
    expect((await space(seller)).usedBytes).toBeLessThanOrEqual(STORAGE_QUOTA_DEFAULT_BYTES);
  });

  it('grows by whole steps with dilatation and then accepts the upload', async () => {
    const seller = await createSeller(t.database.db);
    await fill(seller, STORAGE_QUOTA_DEFAULT_BYTES);
    const png = await solid(20, 20).png().toBuffer();
    const refused = await uploadTo(t.app, '/api/common/upload-single', seller.token, png, 'a.png');
    expect(refused.status).toBe(409);

    const grown = await call(t.app, 'POST', '/api/image/space/dilatation', {
      token: seller.token,
      body: { steps: 2 },
    });
    expect(grown.status).toBe(200);
    expect(grown.body.data).toEqual({
      usedBytes: STORAGE_QUOTA_DEFAULT_BYTES,
      quotaBytes: STORAGE_QUOTA_DEFAULT_BYTES + 2 * STORAGE_QUOTA_STEP_BYTES,
    });
    const again = await call(t.app, 'POST', '/api/image/space/dilatation', {
      token: seller.token,
      body: { steps: 1 },
    });
    expect(again.body.data.quotaBytes).toBe(
      STORAGE_QUOTA_DEFAULT_BYTES + 3 * STORAGE_QUOTA_STEP_BYTES,
    );
    const accepted = await uploadTo(t.app, '/api/common/upload-single', seller.token, png, 'a.png');
    expect(accepted.status).toBe(200);
  });

  it('checks dilatation input and needs a token', async () => {
    const seller = await createSeller(t.database.db);
    for (const steps of [0, 101, 'x']) {
      const res = await call(t.app, 'POST', '/api/image/space/dilatation', {
        token: seller.token,
        body: { steps },
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.data.fields)).toEqual(['steps']);
    }
    expect((await call(t.app, 'GET', '/api/image/space')).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/image/space/dilatation', { body: { steps: 1 } })).status,
    ).toBe(401);
  });
});
