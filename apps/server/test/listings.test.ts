import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimHarness, type SimHarness } from './sim-harness.ts';
import {
  exchangeRates,
  files,
  finishedSkus,
  forbiddenWords,
  listings,
  pricingTemplates,
  storeStaff,
  textTemplates,
} from '../src/db/schema.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { storeSessionFor } from '../src/modules/markets/service.ts';
import { productFor } from './cart-fixtures.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';
import {
  amazonStore,
  expectFields,
  freeCodes,
  storedImage,
  upc,
  waitForJob,
} from './listing-fixtures.ts';
import { unzip } from './media.ts';

/** Amazon listings against the SP-API simulator, started standalone as `npm run sim` does. */
let clock = Date.now();
const sleep = async (ms: number) => {
  clock += ms;
};
let h: SimHarness;
let t: TestApp;
let seller: SellerFixture;
let other: SellerFixture;
let store: Awaited<ReturnType<typeof amazonStore>>;

beforeAll(async () => {
  h = await startSimHarness({ now: () => new Date(clock) });
  t = await h.app({ jobs: true, sleep });
  seller = await createSeller(t.database.db);
  other = await createSeller(t.database.db);
  store = await amazonStore(t.database.db, t.config, h.sims, seller.sellerId);
});
afterAll(() => h?.close());

const api = (method: 'GET' | 'POST', path: string, body?: unknown, token = seller.token) =>
  call(t.app, method, `/api/publish/${path}`, {
    token,
    ...(method === 'GET' ? { query: body as Record<string, string> } : { body }),
  });

/** A finished product with two colours and a white 1200 px main image. */
async function product(opts: { image?: string } = {}) {
  const image = opts.image ?? (await storedImage(t.storage, seller.sellerId));
  return productFor(t.database.db, seller.sellerId, {
    skus: [
      { color: 'Black', size: 'M', costMinor: 2_000, stock: 10 },
      { color: 'White', size: 'M', costMinor: 2_000, stock: 10 },
    ],
    images: [{ url: image }],
  });
}

async function createOne(extra: Record<string, unknown> = {}) {
  const p = await product();
  const res = await api('POST', 'create', {
    market_id: store.id,
    goods_ids: [p.productId],
    brand: 'Acme',
    market_category_id: 'SHIRT',
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.ids[0] as number;
}

/** Fills steps 2–4 so the listing passes the compliance report (UPCs given). */
async function complete(id: number, codeBase: string) {
  const { body } = await api('GET', 'show', { id: String(id) });
  const listing = body.data;
  const step2 = await api('POST', 'update/step2', {
    id,
    market_category_id: 'SHIRT',
    attributes: { department: 'unisex-adult' },
  });
  expect(step2.status, JSON.stringify(step2.body)).toBe(200);
  const step3 = await api('POST', 'update/step3', {
    id,
    is_variation: true,
    parent_sku: listing.parent_sku,
    variation_theme: 'COLOR',
    show_variation_theme: ['color'],
    items: listing.items.map((i: any, n: number) => ({
      ...i,
      variation: { color: i.variation.color, size: i.variation.size },
      quantity: 5,
      product_id: upc(`${codeBase}${n}`),
    })),
  });
  expect(step3.status, JSON.stringify(step3.body)).toBe(200);
  const step4 = await api('POST', 'update/step4', {
    id,
    title: listing.title,
    describe: 'Soft cotton tee.',
    keywords: 'tee cotton',
    bullet_points: ['Soft', 'Cotton'],
  });
  expect(step4.status, JSON.stringify(step4.body)).toBe(200);
}

describe('listing editor', () => {
  it('creates drafts from finished products, prefilled with templates and prices', async () => {
    const db = t.database.db;
    const [title] = await db
      .insert(textTemplates)
      .values({
        sellerId: seller.sellerId,
        kind: 'goods-item',
        name: 't',
        content: '{brand} {title} in {color}',
      })
      .returning();
    const [bullets] = await db
      .insert(textTemplates)
      .values({
        sellerId: seller.sellerId,
        kind: 'five-point-describe',
        name: 'b',
        content: 'Made by {brand}\nSize {size}',
      })
      .returning();
    const [pricing] = await db
      .insert(pricingTemplates)
      .values({
        sellerId: seller.sellerId,
        name: 'p',
        marginBp: 5000,
        feeRateBp: 1500,
        rounding: 'end99',
      })
      .returning();
    const p = await product();
    const res = await api('POST', 'create', {
      market_id: store.id,
      goods_ids: [p.productId],
      brand: 'Acme',
      pricing_template_id: pricing!.id,
      templates: { goods_item: title!.id, five_point: bullets!.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { body } = await api('GET', 'show', { id: String(res.body.data.ids[0]) });
    const listing = body.data;
    expect(listing).toMatchObject({
      status: 'draft',
      currency: 'USD',
      site_code: 'US',
      market_id: store.id,
      brand: 'Acme',
      is_variation: true,
      variation_theme: 'COLOR/SIZE',
      bullet_points: ['Made by Acme', 'Size M'],
    });
    expect(listing.title).toMatch(/^Acme My tee \w+ in Black$/);
    expect(listing.items.map((i: any) => i.sku)).toEqual(p.skus.map((s) => s.code));
    expect(listing.items[0].variation).toEqual({ color: 'Black', size: 'M' });
    // cost 20.00 CNY × 1.5 / 0.85 = 35.29 CNY, in USD rounded up to .99.
    expect(listing.items[0].price_minor % 100).toBe(99);
    expect(listing.images).toHaveLength(1);

    // Listing the same product again in the store gets free SKUs.
    const again = await api('POST', 'create', { market_id: store.id, goods_ids: [p.productId] });
    const second = (await api('GET', 'show', { id: String(again.body.data.ids[0]) })).body.data;
    expect(second.items.map((i: any) => i.sku)).toEqual(p.skus.map((s) => `${s.code}-2`));
    // The brand defaults to the last one used in the store.
    expect(second.brand).toBe('Acme');
    const defaults = await api('GET', 'get-defaultSet-by-market', { market_id: String(store.id) });
    expect(defaults.body.data).toMatchObject({ brand: 'Acme', condition: 'new_new' });
  });

  it('answers identical create calls at the same moment with 200 or 409 naming the listing, never 500', async () => {
    const p = await product();
    const body = {
      market_id: store.id,
      goods_ids: [p.productId],
      brand: 'Acme',
      market_category_id: 'SHIRT',
    };
    const answers = await Promise.all(Array.from({ length: 4 }, () => api('POST', 'create', body)));
    for (const answer of answers)
      expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.key).toBe('listings.created_twice');
      const created = answers.filter((a) => a.status === 200).flatMap((a) => a.body.data.ids);
      expect(created).toContain(refused.body.data.id);
    }
  });

  it('answers 422 naming the field for bad step input', async () => {
    const id = await createOne();
    const step1 = await api('POST', 'update/step1', {
      id,
      manufacturer: 'A',
      brand: '',
      market_id: store.id,
      handling_time: 99,
    });
    expect(step1.status).toBe(422);
    expectFields(step1.body, 'brand', 'handling_time');

    const step2 = await api('POST', 'update/step2', {
      id,
      market_category_id: 'SHIRT',
      attributes: { department: 'aliens', flavour: 'x' },
    });
    expect(step2.status).toBe(422);
    expectFields(step2.body, 'attributes.department', 'attributes.flavour');

    const { body } = await api('GET', 'show', { id: String(id) });
    const items = body.data.items;
    const step3 = await api('POST', 'update/step3', {
      id,
      is_variation: true,
      parent_sku: body.data.parent_sku,
      items: [
        { ...items[0], product_id: '123456789013' },
        { ...items[1], sku: items[0].sku },
      ],
    });
    expect(step3.status).toBe(422);
    expectFields(step3.body, 'items.0.product_id', 'items.1.sku');

    const step4 = await api('POST', 'update/step4', { id, title: '' });
    expect(step4.status).toBe(422);
    expectFields(step4.body, 'title');

    const moved = await api('POST', 'update/step1', {
      id,
      manufacturer: 'A',
      brand: 'B',
      market_id: store.id + 1000,
    });
    expect(moved.status).toBe(422);
    expectFields(moved.body, 'market_id');
  });

  it("answers 404 for another seller's listing", async () => {
    const id = await createOne();
    for (const [method, path, body] of [
      ['GET', 'show', { id: String(id) }],
      ['GET', 'check', { id: String(id) }],
      ['POST', 'update/step4', { id, title: 'x' }],
      ['POST', 'copy', { id }],
      ['POST', 'publish', { id }],
      ['POST', 'batch-publish', { ids: [id] }],
      ['POST', 'download/data', { ids: [id] }],
    ] as const) {
      const res = await api(method, path, body, other.token);
      expect(res.status, path).toBe(404);
    }
    const list = await api('GET', 'index', {}, other.token);
    expect(list.body.data.list).toEqual([]);
    const categories = await api(
      'GET',
      'get-category-by-market',
      { market_id: String(store.id) },
      other.token,
    );
    expect(categories.status).toBe(404);
  });

  it('shows staff only the listings of the stores assigned to them', async () => {
    const id = await createOne();
    const staff = await createSeller(t.database.db, { sellerId: seller.sellerId, isBoss: false });
    expect((await api('GET', 'index', {}, staff.token)).body.data.list).toEqual([]);
    expect((await api('GET', 'show', { id: String(id) }, staff.token)).status).toBe(404);
    await t.database.db.insert(storeStaff).values({ storeId: store.id, userId: staff.userId });
    const shown = await api('GET', 'show', { id: String(id) }, staff.token);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect((await api('GET', 'index', {}, staff.token)).body.data.list.length).toBeGreaterThan(0);
  });

  it('saves several listings with step-all, each on its own, and one item alone', async () => {
    const a = await createOne();
    const b = await createOne();
    const res = await api('POST', 'update/step-all', {
      list: [
        {
          id: a,
          step1: { manufacturer: 'M', brand: 'Brand A', market_id: store.id, handling_time: 3 },
        },
        { id: b, step2: { market_category_id: 'SHIRT', attributes: { department: 'nope' } } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.results[0]).toMatchObject({ id: a, ok: true });
    expect(res.body.data.results[1]).toMatchObject({ id: b, ok: false });
    expect(res.body.data.results[1].fields).toHaveProperty(['step2.attributes.department']);
    expect((await api('GET', 'show', { id: String(a) })).body.data.handling_time).toBe(3);

    const shown = (await api('GET', 'show', { id: String(a) })).body.data;
    const item = shown.items[1];
    const saved = await api('POST', 'update/amazin-item-save', {
      id: a,
      item: { ...item, price_minor: 1234, quantity: 7 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.items[1]).toMatchObject({ id: item.id, price_minor: 1234, quantity: 7 });
    const bad = await api('POST', 'update/amazin-item-save', {
      id: a,
      item: { ...item, product_id: '1' },
    });
    expect(bad.status).toBe(422);
    expectFields(bad.body, 'item.product_id');
  });

  it('lists with filters, keyword on SKU and counts per status; copies with new SKUs', async () => {
    const id = await createOne();
    const shown = (await api('GET', 'show', { id: String(id) })).body.data;
    const bySku = await api('GET', 'index', { keyword: shown.items[0].sku.toLowerCase() });
    expect(bySku.body.data.list.map((r: any) => r.id)).toEqual([id]);
    const page = await api('GET', 'index', { market_id: String(store.id), size: '2' });
    expect(page.body.data.list).toHaveLength(2);
    expect(page.body.data.pagination.total).toBeGreaterThan(2);
    expect(page.body.data.counts.draft).toBe(page.body.data.pagination.total);
    const published = await api('GET', 'index', { status: 'published' });
    expect(published.body.data.list).toEqual([]);
    expect(published.body.data.counts.draft).toBeGreaterThan(0);

    const copy = await api('POST', 'copy', { id });
    expect(copy.status).toBe(200);
    expect(copy.body.data.id).not.toBe(id);
    expect(copy.body.data.status).toBe('draft');
    expect(copy.body.data.items.map((i: any) => i.sku)).toEqual(
      shown.items.map((i: any) => `${i.sku}-2`),
    );
    const rows = await api('POST', 'get-list-by-ids', { ids: [copy.body.data.id, id] });
    expect(rows.body.data.list.map((r: any) => r.id)).toEqual([copy.body.data.id, id]);
  });

  it('reads stores, site info and product types through the connector', async () => {
    const market = await api('GET', 'get-market');
    expect(market.body.data[0].stores.map((s: any) => s.id)).toContain(store.id);
    const info = await api('GET', 'get-info', { market_id: String(store.id) });
    expect(info.body.data).toMatchObject({ currency: 'USD', title_max: 200 });
    const types = await api('GET', 'get-category-by-market-new', {
      market_id: String(store.id),
      keyword: 'shi',
    });
    expect(types.body.data.list.map((c: any) => c.id)).toEqual(['SHIRT']);
    const detail = await api('GET', 'get-category-en-by-id', {
      market_id: String(store.id),
      category_id: 'SHIRT',
    });
    expect(detail.body.data.attributes.map((a: any) => a.name)).toContain('department');
    // Product type names, attribute labels and choice names in the reader's language, each
    // cached apart; the choices' codes stay Amazon's.
    const departmentIn = async (lang: string) => {
      const res = await call(t.app, 'GET', '/api/publish/get-category-en-by-id', {
        token: seller.token,
        query: { market_id: String(store.id), category_id: 'SHIRT' },
        headers: { 'accept-language': lang },
      });
      return res.body.data.attributes.find((a: any) => a.name === 'department');
    };
    expect(await departmentIn('zh-CN')).toMatchObject({
      label: '适用人群',
      options: ['mens', 'womens', 'unisex-adult', 'boys', 'girls'],
      option_names: ['男士', '女士', '男女通用（成人）', '男童', '女童'],
    });
    expect(await departmentIn('en')).toMatchObject({
      label: 'Department',
      options: ['mens', 'womens', 'unisex-adult', 'boys', 'girls'],
      option_names: ['Men', 'Women', 'Unisex Adult', 'Boys', 'Girls'],
    });
    const unknown = await api('GET', 'get-category-en-by-id', {
      market_id: String(store.id),
      category_id: 'SPACESHIP',
    });
    expect(unknown.status).toBe(422);
  });
});

describe('compliance report', () => {
  it('flags title length, attributes, image, forbidden words and missing UPCs', async () => {
    await t.database.db
      .insert(forbiddenWords)
      .values({ sellerId: seller.sellerId, word: 'miracle' });
    const small = await storedImage(t.storage, seller.sellerId, { size: 600 });
    const p = await product({ image: small });
    const created = await api('POST', 'create', { market_id: store.id, goods_ids: [p.productId] });
    const id = created.body.data.ids[0];
    await api('POST', 'update/step4', {
      id,
      title: `A miracle tee ${'x'.repeat(200)}`,
      bullet_points: ['Fine', 'A real Miracle'],
    });
    const { body } = await api('GET', 'check', { id: String(id) });
    const report = body.data;
    expect(report.ok).toBe(false);
    const rules = report.findings.map((f: any) => `${f.rule}@${f.field}`);
    expect(rules).toEqual(
      expect.arrayContaining([
        'title_length@title',
        'required_attribute@attributes.department',
        'main_image_size@images.0',
        'forbidden_word@title',
        'forbidden_word@bullet_points.1',
        'missing_product_id@items.0.product_id',
        'required_attribute@describe',
      ]),
    );
    const hit = report.findings.find((f: any) => f.field === 'bullet_points.1');
    expect(hit).toMatchObject({ word: 'miracle', start: 7, end: 14 });

    const publish = await api('POST', 'publish', { id });
    expect(publish.status).toBe(409);
    expect(publish.body.data.report.errors).toBe(report.errors);
    expect((await api('GET', 'show', { id: String(id) })).body.data.status).toBe('draft');
  });

  it('wants a pure white background on the main image', async () => {
    const grey = await storedImage(t.storage, seller.sellerId, { background: '#dddddd' });
    const p = await product({ image: grey });
    const created = await api('POST', 'create', { market_id: store.id, goods_ids: [p.productId] });
    const { body } = await api('GET', 'check', { id: String(created.body.data.ids[0]) });
    const rules = body.data.findings.map((f: any) => f.rule);
    expect(rules).toContain('main_image_background');
    expect(rules).not.toContain('main_image_size');
  });

  it('writes the findings in the language of whoever asks', async () => {
    const p = await product();
    const created = await api('POST', 'create', { market_id: store.id, goods_ids: [p.productId] });
    const check = (language?: string) =>
      call(t.app, 'GET', '/api/publish/check', {
        token: seller.token,
        query: { id: String(created.body.data.ids[0]) },
        headers: language ? { 'accept-language': language } : {},
      });
    const describe = (body: any) =>
      body.data.findings.find((f: any) => f.field === 'describe')?.message as string;
    expect(describe((await check('en-US,en;q=0.9')).body)).toBe('Enter a description');
    expect(describe((await check('zh-CN')).body)).toBe('请填写商品描述');
    expect(describe((await check()).body)).toBe('请填写商品描述');
  });
});

describe('publishing lifecycle', () => {
  const session = () =>
    storeSessionFor(
      {
        db: t.database.db,
        connectors: createMarketplaceConnectors(t.config, { sleep }),
        box: storeSecretBox(t.config),
      },
      store,
      { forWrite: false },
    );

  it('publishes a listing, takes free UPCs, republishes idempotently and takes it down', async () => {
    const id = await createOne();
    await complete(id, '04000000000');
    // The second item has no product id: publishing takes the seller's free code.
    const shown = (await api('GET', 'show', { id: String(id) })).body.data;
    await api('POST', 'update/step3', {
      ...shown,
      id,
      items: shown.items.map((i: any, n: number) => ({
        ...i,
        product_id: n === 1 ? '' : i.product_id,
      })),
    });
    await freeCodes(t.database.db, seller.sellerId, ['05000000001']);
    const report = await api('GET', 'check', { id: String(id) });
    expect(report.body.data.ok, JSON.stringify(report.body.data)).toBe(true);
    expect(report.body.data.warnings).toBe(1);

    const started = await api('POST', 'publish', { id });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const job = await waitForJob(t.app, seller.token, started.body.data.job_id);
    expect(job.status).toBe('succeeded');
    const live = (await api('GET', 'show', { id: String(id) })).body.data;
    expect(live.status).toBe('published');
    expect(live.remote_id).toMatch(/^B0/);
    expect(live.items[1].product_id).toBe(upc('05000000001'));
    const { connector, session: s } = session();
    const state = await connector.listingState(s, { sku: live.parent_sku, remoteId: null });
    expect(state.status).not.toBe('not_found');

    // Editing marks it changed; publishing again updates the same ASIN.
    const edited = await api('POST', 'update/step4', {
      id,
      title: live.title,
      describe: 'Even softer.',
      bullet_points: live.bullet_points,
    });
    expect(edited.body.data.changed).toBe(true);
    const again = await api('POST', 'publish', { id });
    await waitForJob(t.app, seller.token, again.body.data.job_id);
    const republished = (await api('GET', 'show', { id: String(id) })).body.data;
    expect(republished).toMatchObject({
      status: 'published',
      changed: false,
      remote_id: live.remote_id,
    });

    const down = await api('POST', 'delete', { id });
    const downJob = await waitForJob(t.app, seller.token, down.body.data.job_id);
    expect(downJob.status).toBe('succeeded');
    expect((await api('GET', 'show', { id: String(id) })).body.data.status).toBe('taken_down');
    const gone = await connector.listingState(s, { sku: live.parent_sku, remoteId: null });
    expect(gone.status).toBe('not_found');
  });

  it('publishes a batch where the marketplace refuses some items and the rest go live', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await createOne();
      await complete(id, `0600000001${i}`);
      ids.push(id);
    }
    // The marketplace's rules changed since these were saved: it refuses their department.
    const refused = [ids[1]!, ids[3]!];
    await t.database.db
      .update(listings)
      .set({ attributes: { department: 'aliens' } })
      .where(inArray(listings.id, refused));
    const started = await api('POST', 'batch-publish', { ids });
    expect(started.status).toBe(200);
    expect(started.body.data.total).toBe(5);
    const job = await waitForJob(t.app, seller.token, started.body.data.job_id);
    expect(job).toMatchObject({ status: 'succeeded', done: 5, total: 5 });
    const batch = await api('GET', 'batch', { id: String(started.body.data.batch_id) });
    expect(batch.body.data).toMatchObject({ status: 'finished', total: 5, done: 5, failed: 2 });
    for (const item of batch.body.data.items) {
      const listing = (await api('GET', 'show', { id: String(item.listing_id) })).body.data;
      if (refused.includes(item.listing_id)) {
        expect(item.state).toBe('failed');
        expect(item.issues.some((i: any) => i.fields.includes('department'))).toBe(true);
        expect(listing.status).toBe('failed');
        expect(listing.issues[0].fields).toContain('department');
      } else {
        expect(item.state).toBe('done');
        expect(listing.status).toBe('published');
      }
    }
    const counts = (await api('GET', 'index', { market_id: String(store.id) })).body.data.counts;
    expect(counts.failed).toBeGreaterThanOrEqual(2);

    // batch-delete takes the live ones down and removes all of them.
    const removed = await api('POST', 'batch-delete', { ids });
    await waitForJob(t.app, seller.token, removed.body.data.job_id);
    const left = await t.database.db.select().from(listings).where(inArray(listings.id, ids));
    expect(left).toEqual([]);
  });

  it('updates many listings in a batch: step 1 values, stock and texts', async () => {
    const a = await createOne();
    const b = await createOne();
    const upd = await api('POST', 'batch-update', {
      ids: [a, b],
      set: { brand: 'NewBrand', quantity: 42 },
    });
    expect(upd.status).toBe(200);
    await waitForJob(t.app, seller.token, upd.body.data.job_id);
    const [tpl] = await t.database.db
      .insert(textTemplates)
      .values({ sellerId: seller.sellerId, kind: 'keyword', name: 'k', content: '{brand} tee' })
      .returning();
    const content = await api('POST', 'batch-update-content', {
      ids: [a, b],
      templates: { keyword: tpl!.id },
    });
    await waitForJob(t.app, seller.token, content.body.data.job_id);
    for (const id of [a, b]) {
      const l = (await api('GET', 'show', { id: String(id) })).body.data;
      expect(l.brand).toBe('NewBrand');
      expect(l.keywords).toBe('NewBrand tee');
      expect(l.items.every((i: any) => i.quantity === 42)).toBe(true);
    }
    const empty = await api('POST', 'batch-update', { ids: [a], set: {} });
    expect(empty.status).toBe(422);
  });
});

describe('downloads', () => {
  it('exports the selected listings as a flat-file xlsx and their images as a zip', async () => {
    const id = await createOne();
    const shown = (await api('GET', 'show', { id: String(id) })).body.data;
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/api/publish/download/data',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { ids: [id] },
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Template')!;
    const header = sheet.getRow(1).values as string[];
    expect(header).toContain('item_sku');
    const skuColumn = header.indexOf('item_sku');
    const skus = [2, 3, 4].map((r) => sheet.getRow(r).getCell(skuColumn).value);
    expect(skus).toEqual([shown.parent_sku, ...shown.items.map((i: any) => i.sku)]);

    const zip = await t.app.inject({
      method: 'POST',
      url: '/api/publish/download/zipper',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { ids: [id] },
    });
    expect(zip.statusCode).toBe(200);
    const names = Object.keys(unzip(zip.rawPayload));
    expect(names).toEqual([`${id}-${shown.parent_sku}/main.jpg`]);
  });
});

describe('editor completeness', () => {
  /** An image in the seller's image space, as an upload leaves it. */
  async function uploaded(sellerId: number, opts: { size?: number } = {}) {
    const url = await storedImage(t.storage, sellerId, opts);
    const key = url.slice(t.storage.url('').length);
    await t.database.db.insert(files).values({
      sellerId,
      key,
      originalName: 'upload.jpg',
      contentType: 'image/jpeg',
      bytes: 1,
    });
    return url;
  }

  it('saves images in the chosen order, refuses foreign ones, and checks the new main image', async () => {
    const id = await createOne();
    await complete(id, '6100000000');
    const { body } = await api('GET', 'show', { id: String(id) });
    const [productImage] = body.data.images as string[];
    const small = await uploaded(seller.sellerId, { size: 600 });
    const foreign = await uploaded(other.sellerId);
    const texts = {
      id,
      title: 'Acme tee',
      describe: 'Soft cotton tee.',
      bullet_points: ['Soft'],
    };

    const refused = await api('POST', 'update/step4', {
      ...texts,
      images: [small, foreign, 'https://example.com/x.jpg', small],
    });
    expect(refused.status).toBe(422);
    expectFields(refused.body, 'images.1', 'images.2', 'images.3');
    expect(refused.body.data.fields).not.toHaveProperty(['images.0']);
    const items = body.data.items.map((i: any) => ({ ...i, image: foreign }));
    const badItems = await api('POST', 'update/step3', {
      id,
      is_variation: true,
      parent_sku: body.data.parent_sku,
      items,
    });
    expect(badItems.status).toBe(422);
    expectFields(badItems.body, 'items.0.image', 'items.1.image');
    const all = await api('POST', 'update/step-all', {
      list: [{ id, step4: { ...texts, id: undefined, images: [foreign] } }],
    });
    expect(all.body.data.results[0].fields).toHaveProperty(['step4.images.0']);

    const smallFirst = await api('POST', 'update/step4', {
      ...texts,
      images: [small, productImage],
    });
    expect(smallFirst.status, JSON.stringify(smallFirst.body)).toBe(200);
    expect(smallFirst.body.data.images).toEqual([small, productImage]);
    const check = await api('GET', 'check', { id: String(id) });
    expect(check.body.data.findings.map((f: any) => `${f.rule}@${f.field}`)).toContain(
      'main_image_size@images.0',
    );

    const reordered = await api('POST', 'update/step4', {
      ...texts,
      images: [productImage, small],
    });
    expect(reordered.body.data.images).toEqual([productImage, small]);
    const itemImage = await api('POST', 'update/step3', {
      id,
      is_variation: true,
      parent_sku: body.data.parent_sku,
      items: body.data.items.map((i: any, n: number) => ({ ...i, image: n === 0 ? small : null })),
    });
    expect(itemImage.status, JSON.stringify(itemImage.body)).toBe(200);
    expect(itemImage.body.data.items.map((i: any) => i.image)).toEqual([small, null]);
    const recheck = await api('GET', 'check', { id: String(id) });
    expect(recheck.body.data.ok, JSON.stringify(recheck.body.data)).toBe(true);

    // Without `images`, step 4 keeps them.
    const kept = await api('POST', 'update/step4', texts);
    expect(kept.body.data.images).toEqual([productImage, small]);
  });

  it("gives every item its finished SKU's cost in the site currency", async () => {
    const id = await createOne();
    const { body } = await api('GET', 'show', { id: String(id) });
    const [rate] = await t.database.db
      .select({ rate: exchangeRates.rate })
      .from(exchangeRates)
      .where(eq(exchangeRates.currency, 'USD'));
    const skus = await t.database.db
      .select({ id: finishedSkus.id, cost: finishedSkus.costMinor })
      .from(finishedSkus)
      .where(
        inArray(
          finishedSkus.id,
          body.data.items.map((i: any) => i.finished_sku_id),
        ),
      );
    for (const item of body.data.items) {
      const cost = skus.find((s) => s.id === item.finished_sku_id)!.cost;
      expect(item.cost_minor).toBe(Math.round(cost / Number(rate!.rate)));
    }
    const added = await api('POST', 'update/step3', {
      id,
      is_variation: true,
      parent_sku: body.data.parent_sku,
      items: [
        ...body.data.items,
        { sku: 'HAND-MADE', price_minor: 999, quantity: 1, variation: { color: 'Red' } },
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.items.map((i: any) => i.cost_minor)).toEqual([
      body.data.items[0].cost_minor,
      body.data.items[1].cost_minor,
      null,
    ]);
    const all = await api('POST', 'show-all', { ids: [id] });
    expect(all.body.data.list[0].items[0].cost_minor).toBe(body.data.items[0].cost_minor);
  });

  it('flags forbidden words in the custom description and refuses to publish', async () => {
    await t.database.db.insert(forbiddenWords).values({ sellerId: seller.sellerId, word: 'cure' });
    const id = await createOne();
    await complete(id, '6200000000');
    const { body } = await api('GET', 'show', { id: String(id) });
    await api('POST', 'update/step4', {
      id,
      title: body.data.title,
      describe: 'Soft cotton tee.',
      custom_describe: 'Will cure your mood',
      bullet_points: ['Soft'],
    });
    const check = await api('GET', 'check', { id: String(id) });
    const hit = check.body.data.findings.find((f: any) => f.rule === 'forbidden_word');
    expect(hit).toMatchObject({ field: 'custom_describe', word: 'cure', start: 5, end: 9 });
    const publish = await api('POST', 'publish', { id });
    expect(publish.status).toBe(409);
    expect(publish.body.data.report.findings).toContainEqual(
      expect.objectContaining({ field: 'custom_describe', rule: 'forbidden_word' }),
    );
  });
});
