import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upcCodes } from '../src/db/schema.ts';
import { productFor } from './cart-fixtures.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';
import { amazonStore, freeCodes, storedImage, waitForJob } from './listing-fixtures.ts';
import { startSimHarness, type SimHarness } from './sim-harness.ts';

/** An Amazon listing without UPCs and an empty code pool: the ways out, and the GTIN exemption. */
let clock = Date.now();
const sleep = async (ms: number) => {
  clock += ms;
};
let h: SimHarness;
let t: TestApp;
let seller: SellerFixture;
let store: Awaited<ReturnType<typeof amazonStore>>;

beforeAll(async () => {
  h = await startSimHarness({ now: () => new Date(clock) });
  t = await h.app({ jobs: true, sleep });
  seller = await createSeller(t.database.db);
  store = await amazonStore(t.database.db, t.config, h.sims, seller.sellerId);
});
afterAll(() => h?.close());

const api = (method: 'GET' | 'POST', path: string, body?: unknown, language = 'en') =>
  call(t.app, method, `/api/${path}`, {
    token: seller.token,
    headers: { 'accept-language': language },
    ...(method === 'GET' ? { query: body as Record<string, string> } : { body }),
  });

/** A complete listing of brand Acme whose two items have no UPC/EAN. */
async function listingWithoutCodes(): Promise<number> {
  const image = await storedImage(t.storage, seller.sellerId);
  const p = await productFor(t.database.db, seller.sellerId, {
    skus: [
      { color: 'Black', size: 'M', costMinor: 2_000, stock: 10 },
      { color: 'White', size: 'M', costMinor: 2_000, stock: 10 },
    ],
    images: [{ url: image }],
  });
  const created = await api('POST', 'publish/create', {
    market_id: store.id,
    goods_ids: [p.productId],
    brand: 'Acme',
    market_category_id: 'SHIRT',
  });
  const id = created.body.data.ids[0] as number;
  const listing = (await api('GET', 'publish/show', { id: String(id) })).body.data;
  await api('POST', 'publish/update/step2', {
    id,
    market_category_id: 'SHIRT',
    attributes: { department: 'unisex-adult' },
  });
  await api('POST', 'publish/update/step3', {
    id,
    is_variation: true,
    parent_sku: listing.parent_sku,
    variation_theme: 'COLOR',
    show_variation_theme: ['color'],
    items: listing.items.map((i: any) => ({ ...i, quantity: 5, product_id: '' })),
  });
  await api('POST', 'publish/update/step4', {
    id,
    title: listing.title,
    describe: 'Soft cotton tee.',
    keywords: 'tee cotton',
    bullet_points: ['Soft', 'Cotton'],
  });
  return id;
}

const codeFindings = (report: any) =>
  report.findings.filter((f: any) => f.rule === 'missing_product_id');

describe('no UPC/EAN for Amazon', () => {
  it('names the three ways out, in the asker’s language, and blocks publishing', async () => {
    const id = await listingWithoutCodes();
    const en = (await api('GET', 'publish/check', { id: String(id) })).body.data;
    expect(en.ok).toBe(false);
    const [finding] = codeFindings(en);
    expect(finding.severity).toBe('error');
    expect(finding.message).toMatch(/UPC pool.*GTIN-exempt.*own codes/);
    const zh = (await api('GET', 'publish/check', { id: String(id) }, 'zh-CN')).body.data;
    expect(codeFindings(zh)[0].message).toMatch(/编码池.*GTIN 豁免.*自有的编码/);

    const publish = await api('POST', 'publish/publish', { id });
    expect(publish.status).toBe(409);
    const rules = publish.body.data.report.findings.map((f: any) => f.rule);
    expect(rules).toContain('missing_product_id');
  });

  it('publishes a GTIN-exempt brand without codes and takes none from the pool', async () => {
    const id = await listingWithoutCodes();
    // A brand exempt from forbidden words only still needs codes.
    const saved = await api('POST', 'market/exemption/store', {
      brand: 'acme',
      store_id: store.id,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.gtin_exempt).toBe(false);
    const before = (await api('GET', 'publish/check', { id: String(id) })).body.data;
    expect(codeFindings(before)).toHaveLength(2);

    const exempt = await api('POST', 'market/exemption/store', {
      id: saved.body.data.id,
      brand: 'acme',
      store_id: store.id,
      gtin_exempt: true,
    });
    expect(exempt.body.data.gtin_exempt).toBe(true);
    const listed = await api('GET', 'market/exemption/index', {});
    expect(listed.body.data.list[0]).toMatchObject({ brand: 'acme', gtin_exempt: true });
    const after = (await api('GET', 'publish/check', { id: String(id) })).body.data;
    expect(codeFindings(after)).toHaveLength(0);
    expect(after.ok, JSON.stringify(after)).toBe(true);

    // A free code in the pool stays free: the exemption is declared instead.
    await freeCodes(t.database.db, seller.sellerId, ['05000000001']);
    const started = await api('POST', 'publish/publish', { id });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const job = await waitForJob(t.app, seller.token, started.body.data.job_id);
    expect(job.status).toBe('succeeded');
    const live = (await api('GET', 'publish/show', { id: String(id) })).body.data;
    expect(live.status).toBe('published');
    expect(live.items.map((i: any) => i.product_id)).toEqual(['', '']);
    const pool = await t.database.db
      .select({ state: upcCodes.state })
      .from(upcCodes)
      .where(eq(upcCodes.sellerId, seller.sellerId));
    expect(pool).toEqual([{ state: 'free' }]);
  });

  it('refuses a malformed exemption flag with 422 naming it', async () => {
    const res = await api('POST', 'market/exemption/store', { brand: 'X', gtin_exempt: 'yes' });
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toHaveProperty('gtin_exempt');
  });
});
