import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  markupPriceMinor,
  printFileSize,
  type DesignLayer,
  type PrintArea,
  type SavedDesign,
} from '@app/shared';
import { createSeller, type SellerFixture } from '../../../test/fixtures.ts';
import { buildTestApp, call, type TestApp } from '../../../test/helper.ts';
import { solid, uploadTo } from '../../../test/media.ts';
import { renderDemoImage } from '../../seed/demo-images.ts';
import {
  categories,
  finishedProducts,
  parentProductImages,
  parentProducts,
  parentSkus,
} from '../../db/schema.ts';
import {
  CONTENT_TYPES,
  FILES_URL_PREFIX,
  platformObjectKey,
} from '../../integrations/object-storage.ts';
import { DESIGN_RENDER, renderDesign } from './service.ts';

let t: TestApp;
let a: SellerFixture;
let b: SellerFixture;
let parentId: number;
let offParentId: number;
let artworkUrl: string;
let othersArtworkUrl: string;
const skuIds: Record<string, number> = {};

/** A low print resolution keeps the print files small; the geometry is the same at any DPI. */
const FRONT: PrintArea = {
  name: 'front',
  ...{ x: 250, y: 190, width: 300, height: 400 },
  ...{ widthMm: 300, heightMm: 400, dpi: 40 },
};
const BACK: PrintArea = { ...FRONT, name: 'back', y: 180 };
const ARTWORK_RGB = [200, 40, 90];
const COLOURS = { White: '#f7f7f4', Black: '#2a2b2e' };

const post = (url: string, body: unknown, token = a.token) =>
  call(t.app, 'POST', url, { token, body });
const get = (url: string, query: Record<string, string>, token = a.token) =>
  call(t.app, 'GET', url, { token, query });

async function waitForJob(id: string, token = a.token) {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await call(t.app, 'GET', `/api/jobs/${id}`, { token });
    expect(res.status).toBe(200);
    if (['succeeded', 'failed'].includes(res.body.data.status)) return res.body.data;
    if (Date.now() > until) throw new Error(`job ${id} still ${res.body.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function fetchFile(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return { bytes: res.rawPayload, type: res.headers['content-type'] };
}

async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 4)];
}

const near = (actual: number[], expected: number[], tolerance = 12) =>
  expected.every((c, i) => Math.abs(actual[i]! - c) <= tolerance);

const imageLayer = (over: Partial<DesignLayer> = {}): DesignLayer =>
  ({
    kind: 'image',
    id: 'art',
    side: 'front',
    x: 50,
    y: 50,
    width: 200,
    height: 200,
    rotation: 0,
    opacity: 1,
    locked: false,
    url: artworkUrl,
    naturalWidth: 400,
    naturalHeight: 400,
    ...over,
  }) as DesignLayer;

const textLayer: DesignLayer = {
  kind: 'text',
  id: 'words',
  side: 'back',
  x: 30,
  y: 100,
  width: 240,
  height: 60,
  rotation: 0,
  opacity: 1,
  locked: false,
  text: 'HELLO',
  fontFamily: 'DejaVu Sans',
  fontSize: 50,
  fill: '#ffcc00',
  fontWeight: 'bold',
  align: 'center',
  curve: 0,
};

const design = (over: Record<string, unknown> = {}) => ({
  parent_product_id: parentId,
  title: 'Raspberry Tee',
  colors: ['White', 'Black'],
  layers: [imageLayer(), textLayer],
  ...over,
});

async function save(body: unknown, token = a.token) {
  const res = await post('/api/design/save', body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { finished_product_id: number; job_id: string };
}

async function show(id: number): Promise<SavedDesign> {
  const res = await get('/api/design/show', { id: String(id) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function insertParent(status: 'on' | 'off') {
  const db = t.database.db;
  const [category] = await db
    .insert(categories)
    .values({ name: 'T恤', nameEn: 'T-shirts' })
    .returning({ id: categories.id });
  const [row] = await db
    .insert(parentProducts)
    .values({
      categoryId: category!.id,
      title: '测试T恤',
      titleEn: 'Test Tee',
      costMinor: 1000,
      status,
    })
    .returning({ id: parentProducts.id });
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp({ jobs: true });
  const db = t.database.db;
  a = await createSeller(db);
  b = await createSeller(db);
  parentId = await insertParent('on');
  offParentId = await insertParent('off');
  // Front and back pictures in both colours, as the demo seed stores them.
  let orderNum = 0;
  for (const [color, hex] of Object.entries(COLOURS)) {
    for (const [view, area] of [
      ['front', FRONT],
      ['back', BACK],
    ] as const) {
      const key = platformObjectKey('demo', `design-test-${color.toLowerCase()}-${view}`, 'png');
      const picture = { shape: 'tee', view, colour: hex, model: 0, sheen: false, areas: [area] };
      await t.storage.put(key, await renderDemoImage(picture as never), CONTENT_TYPES.png);
      await db.insert(parentProductImages).values({
        productId: parentId,
        url: t.storage.url(key),
        color,
        orderNum: orderNum++,
        printAreas: [area],
      });
    }
  }
  const skus = [
    ['White', 'S', 1000, 'on'],
    ['White', 'M', 1100, 'on'],
    ['Black', 'M', 1200, 'on'],
    ['Black', 'L', 1300, 'on'],
    ['Red', 'S', 1000, 'off'],
  ] as const;
  for (const [color, size, costMinor, status] of skus) {
    const [row] = await db
      .insert(parentSkus)
      .values({ productId: parentId, sku: `DT-${color}-${size}`, color, size, costMinor, status })
      .returning({ id: parentSkus.id });
    skuIds[`${color}/${size}`] = row!.id;
  }
  const art = await solid(400, 400).png().toBuffer();
  const mine = await uploadTo(t.app, '/api/common/upload-single', a.token, art, 'art.png');
  const theirs = await uploadTo(t.app, '/api/common/upload-single', b.token, art, 'art.png');
  expect(mine.status).toBe(200);
  artworkUrl = mine.body.data.url;
  othersArtworkUrl = theirs.body.data.url;
});
afterAll(() => t?.close());

describe('POST /api/design/save', () => {
  let saved: { finished_product_id: number; job_id: string };
  let job: any;

  beforeAll(async () => {
    saved = await save(design());
    job = await waitForJob(saved.job_id);
  });

  it('creates a finished product from the design, one SKU per colour and size, and queues a render', async () => {
    const res = await post('/api/goods/goods-show', { id: saved.finished_product_id });
    expect(res.status).toBe(200);
    const product = res.body.data;
    expect(product).toMatchObject({ title: 'Raspberry Tee', source: 'design', mine: true });
    expect(product.skus.map((s: any) => [s.color, s.size, s.parentSkuId, s.priceMinor])).toEqual([
      ['White', 'S', skuIds['White/S'], markupPriceMinor(1000)],
      ['White', 'M', skuIds['White/M'], markupPriceMinor(1100)],
      ['Black', 'M', skuIds['Black/M'], markupPriceMinor(1200)],
      ['Black', 'L', skuIds['Black/L'], markupPriceMinor(1300)],
    ]);
    expect(product.skus[0].skuCode).toBe(`FP${saved.finished_product_id}-WHITE-S`);
    expect(job).toMatchObject({
      kind: DESIGN_RENDER,
      status: 'succeeded',
      done: 6,
      total: 6,
      result: { mockups: 4, print_files: 2, rendered: 6, stale: false },
    });
  });

  it('renders a mockup per colour and side, colour by colour, as the product images', async () => {
    const saved2 = await show(saved.finished_product_id);
    expect(saved2.mockups.map((m) => [m.color, m.side])).toEqual([
      ['White', 'front'],
      ['White', 'back'],
      ['Black', 'front'],
      ['Black', 'back'],
    ]);
    const product = (await post('/api/goods/goods-show', { id: saved.finished_product_id })).body
      .data;
    expect(product.images).toEqual(
      saved2.mockups.map((m) =>
        expect.objectContaining({ url: m.url, kind: 'mockup', color: m.color }),
      ),
    );
    for (const m of saved2.mockups) {
      expect(m.url).toMatch(new RegExp(`^/api/files/design/${a.sellerId}-[0-9a-f]{32}\\.jpg$`));
      const { bytes, type } = await fetchFile(m.url);
      expect(type).toBe('image/jpeg');
      expect(await sharp(bytes).metadata()).toMatchObject({ width: 800, height: 800 });
    }
  });

  it('composites the artwork into the print area of that colour of the product photo', async () => {
    const { mockups } = await show(saved.finished_product_id);
    const front = (color: string) => mockups.find((m) => m.color === color && m.side === 'front')!;
    for (const color of ['White', 'Black']) {
      const { bytes } = await fetchFile(front(color).url);
      // The artwork's box is 50–250 mm of a 300 mm area drawn 300 px wide from x 250.
      expect(near(await pixel(bytes, 400, 340), [...ARTWORK_RGB, 255]), color).toBe(true);
      // Outside the artwork the photo is untouched: the shirt shows its colour.
      const blank = (
        await get('/api/goods-library/show', { id: String(parentId) })
      ).body.data.images.find((i: any) => i.color === color && i.orderNum % 2 === 0);
      const photo = (await fetchFile(blank.url)).bytes;
      expect(near(await pixel(bytes, 400, 650), await pixel(photo, 400, 650))).toBe(true);
    }
  });

  it('writes a transparent PNG print file per side with artwork, at the print resolution', async () => {
    const { print_files } = await show(saved.finished_product_id);
    expect(print_files.map((p) => p.side)).toEqual(['front', 'back']);
    const size = printFileSize(FRONT);
    for (const file of print_files) {
      expect(file).toMatchObject({ width: size.width, height: size.height });
      const { bytes, type } = await fetchFile(file.url);
      expect(type).toBe('image/png');
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ width: size.width, height: size.height, hasAlpha: true });
      expect(meta.density).toBe(40);
      // Nothing is drawn in the corner; the image layer covers 50–250 mm.
      expect((await pixel(bytes, 2, 2))[3]).toBe(0);
    }
    const front = (await fetchFile(print_files[0]!.url)).bytes;
    const mm = (v: number) => Math.round((v * 40) / 25.4);
    expect(near(await pixel(front, mm(150), mm(150)), [...ARTWORK_RGB, 255], 2)).toBe(true);
    expect(near(await pixel(front, mm(260), mm(150)), [0, 0, 0, 0], 0)).toBe(true);
  });

  it('lists the finished product in the private library with its first mockup as its picture', async () => {
    const res = await post('/api/goods/goods-index', { source: 'design' });
    const { mockups } = await show(saved.finished_product_id);
    expect(res.body.data.list).toEqual([
      expect.objectContaining({ id: saved.finished_product_id, image: mockups[0]!.url }),
    ]);
  });

  it('re-renders the same design into the same files, byte for byte, without drawing them again', async () => {
    const before = await show(saved.finished_product_id);
    const urls = [...before.mockups.map((m) => m.url), ...before.print_files.map((p) => p.url)];
    const bytes = await Promise.all(urls.map(async (u) => (await fetchFile(u)).bytes));

    const again = await save(design({ finished_product_id: saved.finished_product_id }));
    expect((await waitForJob(again.job_id)).result).toMatchObject({ rendered: 0, stale: false });
    expect(await show(saved.finished_product_id)).toEqual(before);

    // Drawn from scratch, the files come out identical.
    for (const u of urls) await t.storage.delete(u.slice(FILES_URL_PREFIX.length));
    const id = await t.jobs.enqueue({
      kind: DESIGN_RENDER,
      sellerId: a.sellerId,
      payload: { productId: saved.finished_product_id },
    });
    expect((await waitForJob(id)).result).toMatchObject({ rendered: urls.length });
    const redrawn = await Promise.all(urls.map(async (u) => (await fetchFile(u)).bytes));
    redrawn.forEach((r, i) => expect(r.equals(bytes[i]!), urls[i]).toBe(true));
  });

  it('updates a saved design: SKUs follow the colours and sizes, kept ones keep their codes and prices', async () => {
    const id = saved.finished_product_id;
    const before = (await post('/api/goods/goods-show', { id })).body.data;
    const whiteM = before.skus.find((s: any) => s.size === 'M' && s.color === 'White');
    await post('/api/goods/update', {
      id,
      title: before.title,
      tags: ['summer'],
      skus: before.skus.map((s: any) => ({
        id: s.id,
        sku_code: s.skuCode,
        price_minor: s.id === whiteM.id ? 4321 : s.priceMinor,
      })),
      images: before.images,
    });

    const moved = imageLayer({ x: 0, y: 0, width: 100, height: 100 });
    const updated = await save(
      design({
        finished_product_id: id,
        title: 'Raspberry Tee II',
        colors: ['White'],
        sizes: ['M'],
        layers: [moved],
      }),
    );
    expect(updated.finished_product_id).toBe(id);
    expect((await waitForJob(updated.job_id)).result).toMatchObject({ mockups: 2, print_files: 1 });

    const after = (await post('/api/goods/goods-show', { id })).body.data;
    expect(after).toMatchObject({ title: 'Raspberry Tee II', tags: ['summer'], source: 'design' });
    expect(after.skus).toEqual([
      expect.objectContaining({ id: whiteM.id, skuCode: whiteM.skuCode, priceMinor: 4321 }),
    ]);
    const reopened = await show(id);
    expect(reopened).toMatchObject({ colors: ['White'], sizes: ['M'], layers: [moved] });
    expect(reopened.mockups.map((m) => [m.color, m.side])).toEqual([
      ['White', 'front'],
      ['White', 'back'],
    ]);
    expect(after.images.map((i: any) => i.url)).toEqual(reopened.mockups.map((m) => m.url));
  });

  it('leaves the outputs to the newer save when the design changes during a render', async () => {
    const id = saved.finished_product_id;
    const before = await show(id);
    const result = await renderDesign(
      { db: t.database.db, storage: t.storage },
      {
        sellerId: a.sellerId,
        payload: { productId: id },
        progress: async (done) => {
          // What a newer save writes lands while the first file is drawn.
          if (done !== 1) return;
          const [row] = await t.database.db
            .select({ design: finishedProducts.design })
            .from(finishedProducts)
            .where(eq(finishedProducts.id, id));
          await t.database.db
            .update(finishedProducts)
            .set({ design: { ...row!.design, layers: [imageLayer({ x: 5 })] } })
            .where(eq(finishedProducts.id, id));
        },
      },
    );
    expect(result.stale).toBe(true);
    expect((await show(id)).mockups).toEqual(before.mockups);
  });

  it("answers 404 for another seller's product, to save over or to open", async () => {
    const id = saved.finished_product_id;
    const res = await post('/api/design/save', design({ finished_product_id: id }), b.token);
    expect(res.status).toBe(404);
    expect((await get('/api/design/show', { id: String(id) }, b.token)).status).toBe(404);
    const [row] = await t.database.db
      .select({ title: finishedProducts.title })
      .from(finishedProducts)
      .where(eq(finishedProducts.id, id));
    expect(row!.title).toBe('Raspberry Tee II');
  });
});

describe('validation', () => {
  const fieldsOf = async (body: unknown) => {
    const res = await post('/api/design/save', body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    return res.body.data.field_keys;
  };

  it('names colours and sizes the parent product does not offer (off-sale SKUs included)', async () => {
    expect(await fieldsOf(design({ colors: ['White', 'Red', 'Purple'] }))).toEqual({
      'colors.1': 'design.not_a_colour',
      'colors.2': 'design.not_a_colour',
    });
    expect(await fieldsOf(design({ colors: ['Black'], sizes: ['M', 'S'] }))).toEqual({
      'sizes.1': 'design.not_a_size',
    });
    expect(await fieldsOf(design({ colors: [] }))).toHaveProperty('colors');
  });

  it('refuses layers off the print areas and artwork the seller may not use', async () => {
    const fields = await fieldsOf(
      design({
        layers: [
          imageLayer({ side: 'sleeve' }),
          imageLayer({ id: 'theirs', url: othersArtworkUrl }),
          imageLayer({ id: 'web', url: 'https://example.com/cat.png' }),
          imageLayer({ id: 'traversal', url: '/api/files/../../etc/passwd' }),
          textLayer,
          { ...textLayer },
        ],
      }),
    );
    expect(fields).toEqual({
      'layers.0.side': 'design.not_a_print_area',
      'layers.1.url': 'design.use_uploaded_image',
      'layers.2.url': 'design.use_uploaded_image',
      'layers.3.url': 'design.use_uploaded_image',
      'layers.5.id': 'design.layer_repeated',
    });
  });

  it('accepts the public demo pictures as artwork', async () => {
    const demo = (await get('/api/goods-library/show', { id: String(parentId) })).body.data
      .images[0].url;
    const res = await post('/api/design/save', design({ layers: [imageLayer({ url: demo })] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await waitForJob(res.body.data.job_id)).status).toBe('succeeded');
  });

  it('keeps a saved product on its parent product', async () => {
    const { finished_product_id } = await save(design());
    const other = await insertParent('on');
    await t.database.db.insert(parentSkus).values({
      productId: other,
      sku: `DT2-${other}`,
      color: 'White',
      size: 'S',
      costMinor: 900,
    });
    await t.database.db
      .insert(parentProductImages)
      .values({ productId: other, url: artworkUrl, printAreas: [FRONT, BACK] });
    expect(
      await fieldsOf(design({ finished_product_id, parent_product_id: other, colors: ['White'] })),
    ).toEqual({
      parent_product_id: 'design.keeps_parent',
    });
  });

  it('answers 404 for a parent product that is off, and for a product without a design', async () => {
    const res = await post('/api/design/save', design({ parent_product_id: offParentId }));
    expect(res.status).toBe(404);
    const plain = await post('/api/goods/goods-save', { parent_product_id: parentId });
    expect(plain.status).toBe(200);
    expect((await get('/api/design/show', { id: String(plain.body.data.id) })).status).toBe(404);
  });

  it('is for signed-in sellers only', async () => {
    expect((await call(t.app, 'POST', '/api/design/save', { body: design() })).status).toBe(401);
  });
});
