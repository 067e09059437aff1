import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/helper.ts';
import {
  FILES_URL_PREFIX,
  isObjectKey,
  platformObjectKey,
  type ObjectStorage,
} from '../integrations/object-storage.ts';
import { demoImageSvg, renderDemoImage, type DemoPicture } from './demo-images.ts';
import { parentProductImages, parentProducts, parentSkus } from '../db/schema.ts';
import { seedCatalog } from './catalog.ts';

let t: TestApp;
let puts: string[];
let counting: ObjectStorage;
let rows: Array<typeof parentProductImages.$inferSelect>;

beforeAll(async () => {
  t = await buildTestApp();
  puts = [];
  counting = {
    ...t.storage,
    put: (key, bytes, contentType) => {
      puts.push(key);
      return t.storage.put(key, bytes, contentType);
    },
  };
  expect(await seedCatalog(t.database.db, { storage: counting })).toBe(true);
  rows = await t.database.db.select().from(parentProductImages);
});
afterAll(() => t?.close());

const keyOf = (url: string) => url.slice(FILES_URL_PREFIX.length);

describe('demo catalogue pictures', () => {
  it('stores front and back in each SKU colour of every product, one picture per row', async () => {
    const skus = await t.database.db
      .select({ productId: parentSkus.productId, color: parentSkus.color })
      .from(parentSkus);
    const expected = new Set(
      skus.flatMap((s) => [`${s.productId}/${s.color}/0`, `${s.productId}/${s.color}/1`]),
    );
    // Per product, pictures alternate front (no `back` area) and back, colour by colour.
    const seen = rows.map((r) => `${r.productId}/${r.color}/${r.orderNum % 2}`);
    expect(new Set(seen)).toEqual(expected);
    expect(seen).toHaveLength(expected.size);
    for (const row of rows) {
      const back = row.printAreas.map((a) => a.name === 'back');
      expect(back, row.url).toEqual(back.map(() => row.orderNum % 2 === 1));
    }
    // Each picture is stored once, even when two colours draw it the same.
    expect(puts.sort()).toEqual([...new Set(rows.map((r) => keyOf(r.url)))].sort());
    for (const row of rows) expect(row.url).toMatch(/^\/api\/files\/demo\/[a-z0-9-]+\.png$/);
  });

  it('keeps one colour for the first two pictures, so lists show a product in one colour', async () => {
    const products = await t.database.db.select({ id: parentProducts.id }).from(parentProducts);
    for (const { id } of products) {
      const [front, back] = rows
        .filter((r) => r.productId === id)
        .sort((x, y) => x.orderNum - y.orderNum);
      expect([front!.orderNum, back!.orderNum]).toEqual([0, 1]);
      expect(back!.color).toBe(front!.color);
    }
  });

  it('gives every print area a printed size in the proportions of its box on the picture', () => {
    for (const area of rows.flatMap((r) => r.printAreas)) {
      expect(area.widthMm! / area.heightMm!).toBeCloseTo(area.width / area.height, 1);
      expect(area.dpi).toBeGreaterThan(0);
    }
  });

  it('serves every picture as an 800×800 PNG', async () => {
    for (const row of rows) {
      const res = await t.app.inject({ method: 'GET', url: row.url });
      expect(res.statusCode, row.url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 800, height: 800 });
    }
  });

  it('draws something on each kind of picture: none is blank', async () => {
    // One per shape and view; the colours only change fills.
    const firsts = rows.filter((r) => r.orderNum < 2);
    for (const row of firsts) {
      const res = await t.app.inject({ method: 'GET', url: row.url });
      const stats = await sharp(res.rawPayload).stats();
      expect(Math.max(...stats.channels.map((c) => c.stdev)), row.url).toBeGreaterThan(8);
    }
  });

  it('renders nothing on a second seed', async () => {
    const before = puts.length;
    expect(await seedCatalog(t.database.db, { storage: counting })).toBe(false);
    expect(puts).toHaveLength(before);
  });

  it('answers 404 for a picture whose file is gone', async () => {
    const url = rows[rows.length - 1]!.url;
    await t.storage.delete(keyOf(url));
    const res = await call(t.app, 'GET', url);
    expect(res.status).toBe(404);
  });
});

describe('rendering', () => {
  const picture: DemoPicture = {
    shape: 'tee',
    view: 'front',
    colour: '#22304d',
    model: 0,
    sheen: false,
  };

  it('is deterministic', async () => {
    expect(demoImageSvg(picture)).toBe(demoImageSvg({ ...picture }));
    expect((await renderDemoImage(picture)).equals(await renderDemoImage({ ...picture }))).toBe(
      true,
    );
  });
});

describe('platform keys', () => {
  it('accepts platform folders and refuses anything that could leave it', () => {
    expect(platformObjectKey('demo', 'ts-1-front-0123abcd', 'png')).toBe(
      'demo/ts-1-front-0123abcd.png',
    );
    for (const key of [
      'demo/../x.png',
      'demo/../../x.png',
      'demo/a/b.png',
      'demo/.png',
      'Demo/a.png',
      'other/a.png',
      'demo/a.svg',
      'demo/a--b.png',
      '/demo/a.png',
      'demo/a.png/',
    ]) {
      expect(isObjectKey(key), key).toBe(false);
    }
    expect(() => platformObjectKey('demo', '..', 'png')).toThrow(/Invalid object key/);
    expect(() => platformObjectKey('demo', 'a/b', 'png')).toThrow(/Invalid object key/);
  });
});
