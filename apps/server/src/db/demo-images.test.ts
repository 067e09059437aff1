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
import { parentProductImages, parentProducts } from './schema.ts';
import { seedCatalog } from './seed-catalog.ts';

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
  it('stores one picture per image row, front and back of every product', async () => {
    const products = await t.database.db.select({ id: parentProducts.id }).from(parentProducts);
    expect(rows).toHaveLength(products.length * 2);
    expect(new Set(rows.map((r) => r.url)).size).toBe(rows.length);
    expect(puts.sort()).toEqual(rows.map((r) => keyOf(r.url)).sort());
    for (const row of rows) expect(row.url).toMatch(/^\/api\/files\/demo\/[a-z0-9-]+\.png$/);
  });

  it('serves every picture as an 800×800 image that is not blank', async () => {
    for (const row of rows) {
      const res = await t.app.inject({ method: 'GET', url: row.url });
      expect(res.statusCode, row.url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const image = sharp(res.rawPayload);
      expect(await image.metadata()).toMatchObject({ width: 800, height: 800 });
      const stats = await image.stats();
      expect(Math.max(...stats.channels.map((c) => c.stdev)), row.url).toBeGreaterThan(8);
    }
  });

  it('draws each stored print area on its picture', async () => {
    const row = rows.find((r) => r.orderNum === 0 && r.printAreas.length > 0);
    const area = row!.printAreas[0]!;
    const image = sharp((await t.app.inject({ method: 'GET', url: row!.url })).rawPayload);
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    };
    // Along the dashed top edge some pixels differ from the ones just inside it.
    const differing = Array.from({ length: area.width }, (_, i) => area.x + i).filter((x) => {
      const [edge, inside] = [pixel(x, area.y), pixel(x, area.y + 12)];
      return edge.some((c, i) => Math.abs(c - inside[i]!) > 12);
    });
    expect(differing.length).toBeGreaterThan(area.width / 4);
    expect(differing.length).toBeLessThan(area.width);
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
    areas: [{ name: 'front', x: 250, y: 200, width: 300, height: 380 }],
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
