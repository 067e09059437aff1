import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTranslateSimulator } from '@app/sim';
import type { DesignLayer, PrintArea } from '@app/shared';
import { categories, parentProductImages, parentProducts, parentSkus } from '../src/db/schema.ts';
import { CONTENT_TYPES, platformObjectKey } from '../src/integrations/object-storage.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';
import { amazonStore, expectFields, waitForJob } from './listing-fixtures.ts';
import { uploadTo } from './media.ts';
import { startSimHarness, type SimHarness } from './sim-harness.ts';

/** Image tools of issue 24: background removal, the compliant main image, image translation, prefixes. */
let h: SimHarness;
let translate: Awaited<ReturnType<typeof startTranslateSimulator>>;
let t: TestApp;
let a: SellerFixture;
let b: SellerFixture;
let noPerm: SellerFixture;

const post = (url: string, body: unknown, token = a.token) =>
  call(t.app, 'POST', url, { token, body });

async function bytesOf(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
}

/** A product photo: a red block and its floor shadow on a grey gradient backdrop. */
const BLOCK = { left: 300, top: 200, width: 400, height: 560 };
function photoSvg(size = 1000): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">` +
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef0f3"/><stop offset="1" stop-color="#d3d7dd"/></linearGradient>' +
    '<radialGradient id="floor"><stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>' +
    '<rect width="1000" height="1000" fill="url(#bg)"/>' +
    '<ellipse cx="500" cy="770" rx="330" ry="30" fill="url(#floor)"/>' +
    `<rect x="${BLOCK.left}" y="${BLOCK.top}" width="${BLOCK.width}" height="${BLOCK.height}" rx="12" fill="#c0392b" stroke="#7b241c" stroke-width="4"/>` +
    '</svg>'
  );
}

async function upload(
  bytes: Buffer,
  name: string,
  token = a.token,
): Promise<{ id: number; url: string }> {
  const res = await uploadTo(t.app, '/api/common/upload-single', token, bytes, name);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  h = await startSimHarness();
  translate = await startTranslateSimulator();
  t = await h.app({ jobs: true, config: { TRANSLATOR_URL: translate.url } });
  a = await createSeller(t.database.db);
  b = await createSeller(t.database.db);
  noPerm = await createSeller(t.database.db, { sellerId: a.sellerId, permissions: [] });
});
afterAll(async () => {
  await h?.close();
  await translate?.close();
});

describe('POST /api/common/remove-background', () => {
  it('cuts a plain backdrop and its shadow away: white corners, the product kept', async () => {
    const photo = await upload(await sharp(Buffer.from(photoSvg())).jpeg().toBuffer(), 'block.jpg');
    const res = await post('/api/common/remove-background', { file_id: photo.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { file, background_share } = res.body.data;
    expect(file.original_name).toBe('block_white.jpg');
    expect(background_share).toBeGreaterThan(0.6);
    const { data, info } = await sharp(await bytesOf(file.url))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    // The backdrop, the shadow under the block and the corners are white now.
    for (const [x, y] of [
      [5, 5],
      [990, 990],
      [500, 790],
      [150, 500],
    ]) {
      expect(Math.min(...at(x!, y!)), `${x},${y}`).toBeGreaterThanOrEqual(250);
    }
    const inside = at(500, 450);
    expect(inside[0]).toBeGreaterThan(150);
    expect(inside[1]).toBeLessThan(100);

    const cut = await post('/api/common/remove-background', {
      url: photo.url,
      background: 'transparent',
    });
    expect(cut.status).toBe(200);
    const png = await sharp(await bytesOf(cut.body.data.file.url)).metadata();
    expect(png.format).toBe('png');
    expect(png.hasAlpha).toBe(true);
  });

  it('422 names the field, 404 for another seller, 403 without the permission', async () => {
    const none = await post('/api/common/remove-background', {});
    expect(none.status).toBe(422);
    expectFields(none.body, 'file_id');
    const bad = await post('/api/common/remove-background', { file_id: 1, tolerance: 500 });
    expect(bad.status).toBe(422);
    expectFields(bad.body, 'tolerance');
    const theirs = await upload(
      await sharp(Buffer.from(photoSvg(200)))
        .png()
        .toBuffer(),
      'b.png',
      b.token,
    );
    expect((await post('/api/common/remove-background', { file_id: theirs.id })).status).toBe(404);
    expect((await post('/api/common/remove-background', { url: theirs.url })).status).toBe(404);
    const denied = await post(
      '/api/common/remove-background',
      { file_id: theirs.id },
      noPerm.token,
    );
    expect(denied.status).toBe(403);
  });
});

/** A small size chart drawn with sharp and SVG text, as sellers put in their listings. */
async function sizeChart(): Promise<Buffer> {
  const rows = [
    ['Size', 'Chest', 'Length'],
    ['S', '92 cm', '68 cm'],
    ['M', '98 cm', '70 cm'],
  ];
  const cells = rows
    .flatMap((row, i) =>
      row.map(
        (cell, j) =>
          `<text x="${20 + j * 150}" y="${80 + i * 40}" font-family="DejaVu Sans" font-size="22" fill="#222">${cell}</text>`,
      ),
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="200"><rect width="480" height="200" fill="#ffffff"/>` +
    `<text x="20" y="36" font-family="DejaVu Sans" font-size="24" font-weight="bold" fill="#222">Size chart</text>${cells}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('POST /api/common/image-translate', () => {
  it('reads a size chart, translates it into German and draws it back', async () => {
    const chart = await upload(await sizeChart(), 'chart.png');
    const res = await post('/api/common/image-translate', {
      file_id: chart.id,
      source: 'en',
      target: 'de',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { before_url, after_url, segments, file } = res.body.data;
    expect(before_url).toBe(chart.url);
    expect(after_url).not.toBe(before_url);
    expect(file.original_name).toBe('chart_de.png');
    const byText = new Map(segments.map((s: any) => [s.text.toLowerCase(), s]));
    expect(byText.get('size')).toMatchObject({ translated: 'Größe', changed: true });
    // Sizes and numbers stay as they are drawn.
    expect(segments.find((s: any) => s.text === '92 cm')?.changed ?? false).toBe(false);
    const before = await sharp(await bytesOf(before_url))
      .raw()
      .toBuffer();
    const after = await sharp(await bytesOf(after_url))
      .raw()
      .toBuffer();
    expect(after.equals(before)).toBe(false);
  }, 30_000);

  it('422 for a bad language, 404 for another seller, 403 without the permission', async () => {
    const chart = await upload(await sizeChart(), 'theirs.png', b.token);
    const bad = await post('/api/common/image-translate', { file_id: chart.id, target: 'd e' });
    expect(bad.status).toBe(422);
    expectFields(bad.body, 'target');
    expect(
      (await post('/api/common/image-translate', { file_id: chart.id, target: 'de' })).status,
    ).toBe(404);
    const denied = await post(
      '/api/common/image-translate',
      { file_id: chart.id, target: 'de' },
      noPerm.token,
    );
    expect(denied.status).toBe(403);
  });
});

describe('GET /api/common/get-mobile-prefix', () => {
  it('lists calling codes with Chinese and English names, China first', async () => {
    const res = await call(t.app, 'GET', '/api/common/get-mobile-prefix', {});
    expect(res.status).toBe(200);
    const list = res.body.data;
    expect(list[0]).toEqual({ country: 'CN', code: '86', name_zh: '中国', name_en: 'China' });
    expect(list).toContainEqual({ country: 'DE', code: '49', name_zh: '德国', name_en: 'Germany' });
    expect(list.length).toBeGreaterThan(200);
  });

  it('checks a mobile number against its country and names the field', async () => {
    const send = (mobile: string) =>
      call(t.app, 'POST', '/api/mobile-sms-code', {
        body: { mobile, captcha_key: 'x', captcha: 'x' },
      });
    for (const mobile of ['+49301234567', '+8612345', '12345678901']) {
      const res = await send(mobile);
      expect(res.status, mobile).toBe(422);
      expectFields(res.body, 'mobile');
    }
  });
});

describe('the compliant main image', () => {
  const AREA: PrintArea = {
    name: 'front',
    ...{ x: 320, y: 240, width: 160, height: 200 },
    ...{ widthMm: 160, heightMm: 200, dpi: 40 },
  };
  let listingId: number;

  beforeAll(async () => {
    const db = t.database.db;
    const [category] = await db
      .insert(categories)
      .values({ name: '方块', nameEn: 'Blocks' })
      .returning({ id: categories.id });
    const [parent] = await db
      .insert(parentProducts)
      .values({ categoryId: category!.id, title: '方块', titleEn: 'Block', costMinor: 1000 })
      .returning({ id: parentProducts.id });
    const key = platformObjectKey('demo', `image-tools-block`, 'png');
    await t.storage.put(
      key,
      await sharp(Buffer.from(photoSvg(800)))
        .png()
        .toBuffer(),
      CONTENT_TYPES.png,
    );
    await db.insert(parentProductImages).values({
      productId: parent!.id,
      url: t.storage.url(key),
      color: 'Red',
      printAreas: [AREA],
    });
    await db
      .insert(parentSkus)
      .values({ productId: parent!.id, sku: 'IT-RED-M', color: 'Red', size: 'M', costMinor: 1000 });
    const art = await upload(
      await sharp({ create: { width: 200, height: 200, channels: 3, background: '#1e6bd6' } })
        .png()
        .toBuffer(),
      'art.png',
    );
    const layer = {
      kind: 'image',
      id: 'art',
      side: 'front',
      ...{ x: 30, y: 30, width: 100, height: 100, rotation: 0, opacity: 1, locked: false },
      url: art.url,
      naturalWidth: 200,
      naturalHeight: 200,
    } as DesignLayer;
    const saved = await post('/api/design/save', {
      parent_product_id: parent!.id,
      title: 'Blue on red',
      colors: ['Red'],
      layers: [layer],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await waitForJob(t.app, a.token, saved.body.data.job_id)).status).toBe('succeeded');
    const store = await amazonStore(t.database.db, t.config, h.sims, a.sellerId);
    const created = await post('/api/publish/create', {
      market_id: store.id,
      goods_ids: [saved.body.data.finished_product_id],
      brand: 'Acme',
      market_category_id: 'SHIRT',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    listingId = created.body.data.ids[0];
  }, 60_000);

  const imageFindings = async () => {
    const res = await call(t.app, 'GET', '/api/publish/check', {
      token: a.token,
      query: { id: String(listingId) },
    });
    return res.body.data.findings
      .filter((f: any) => f.field === 'images.0')
      .map((f: any) => f.rule);
  };

  it('replaces the grey mockup by the design on pure white at 1,600 px; the check passes', async () => {
    expect(await imageFindings()).toEqual(['main_image_size', 'main_image_background']);
    const res = await post('/api/publish/main-image/compliant', { id: listingId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.method).toBe('design');
    expect(res.body.data.images[0]).toBe(res.body.data.url);
    expect(await imageFindings()).toEqual([]);

    // Counted: the block fills 90 % of the longer side, centred; nothing else may be off-white.
    const { data, info } = await sharp(await bytesOf(res.body.data.url))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1600, 1600]);
    const scale = 1440 / BLOCK.height;
    const w = BLOCK.width * scale;
    const box = {
      left: (1600 - w) / 2 - 3,
      right: (1600 + w) / 2 + 3,
      top: 80 - 3,
      bottom: 1520 + 3,
    };
    let offWhiteOutside = 0;
    let offWhiteInside = 0;
    for (let y = 0; y < 1600; y++) {
      for (let x = 0; x < 1600; x++) {
        const i = (y * 1600 + x) * 3;
        const white = data[i] === 255 && data[i + 1] === 255 && data[i + 2] === 255;
        const inside = x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
        if (!white && !inside) offWhiteOutside++;
        if (!white && inside) offWhiteInside++;
      }
    }
    expect(offWhiteOutside).toBe(0);
    expect(offWhiteInside).toBeGreaterThan(0.95 * w * 1440);
    // The artwork is drawn on the product, in its blue.
    const art = (594 * 1600 + 800) * 3;
    expect([...data.subarray(art, art + 3)]).toEqual([30, 107, 214]);
  }, 30_000);

  it('runs as a batch on the listing list; 404 for another seller, 403 without the permission', async () => {
    const batch = await post('/api/publish/batch-main-image', { ids: [listingId] });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect((await waitForJob(t.app, a.token, batch.body.data.job_id)).status).toBe('succeeded');
    expect(
      (await post('/api/publish/main-image/compliant', { id: listingId }, b.token)).status,
    ).toBe(404);
    expect(
      (await post('/api/publish/batch-main-image', { ids: [listingId] }, b.token)).status,
    ).toBe(404);
    expect(
      (await post('/api/publish/main-image/compliant', { id: listingId }, noPerm.token)).status,
    ).toBe(403);
    const bad = await post('/api/publish/main-image/compliant', { id: 'x' });
    expect(bad.status).toBe(422);
    expectFields(bad.body, 'id');
  });
});
