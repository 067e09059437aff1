import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTranslateSimulator } from '@app/sim';
import { startSimHarness, type SimHarness } from './sim-harness.ts';
import { finishedSkus, forbiddenWords, listings, pricingTemplates } from '../src/db/schema.ts';
import { productFor } from './cart-fixtures.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';
import { amazonStore, expectFields, storedImage } from './listing-fixtures.ts';

/** Multi-station copy against the SP-API and LibreTranslate simulators on real HTTP. */
let h: SimHarness;
let translate: Awaited<ReturnType<typeof startTranslateSimulator>>;
let t: TestApp;
let seller: SellerFixture;
let other: SellerFixture;
type StoreRow = Awaited<ReturnType<typeof amazonStore>>;
let gb: StoreRow;
let gb2: StoreRow;
let de: StoreRow;
let fr: StoreRow;
let us: StoreRow;
let foreignDe: StoreRow;
let sourceId: number;

const api = (path: string, body: unknown, token = seller.token) =>
  call(t.app, 'POST', `/api/publish/multistation/${path}`, { token, body });

beforeAll(async () => {
  h = await startSimHarness();
  translate = await startTranslateSimulator();
  t = await h.app({ config: { TRANSLATOR_URL: translate.url } });
  const db = t.database.db;
  seller = await createSeller(db);
  other = await createSeller(db);
  gb = await amazonStore(db, t.config, h.sims, seller.sellerId, { site: 'GB' });
  gb2 = await amazonStore(db, t.config, h.sims, seller.sellerId, {
    site: 'GB',
    alias: 'Second GB',
  });
  de = await amazonStore(db, t.config, h.sims, seller.sellerId, { site: 'DE' });
  fr = await amazonStore(db, t.config, h.sims, seller.sellerId, { site: 'FR' });
  us = await amazonStore(db, t.config, h.sims, seller.sellerId, { site: 'US' });
  foreignDe = await amazonStore(db, t.config, h.sims, other.sellerId, { site: 'DE' });

  const image = await storedImage(t.storage, seller.sellerId);
  const p = await productFor(db, seller.sellerId, {
    skus: [
      { color: 'Black', size: 'M', costMinor: 2_000, stock: 10 },
      { color: 'White', size: 'M', costMinor: 2_500, stock: 10 },
    ],
    images: [{ url: image }],
  });
  const created = await call(t.app, 'POST', '/api/publish/create', {
    token: seller.token,
    body: {
      market_id: gb.id,
      goods_ids: [p.productId],
      brand: 'Acme',
      market_category_id: 'SHIRT',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  sourceId = created.body.data.ids[0];
  const step4 = await call(t.app, 'POST', '/api/publish/update/step4', {
    token: seller.token,
    body: {
      id: sourceId,
      title: 'Black cotton T-shirt',
      describe: "Men's summer shirt",
      keywords: 'gift t-shirt',
      bullet_points: ['Soft and comfortable', 'Quality cotton'],
    },
  });
  expect(step4.status, JSON.stringify(step4.body)).toBe(200);
  await db.insert(forbiddenWords).values({ sellerId: seller.sellerId, word: 'Geschenk' });
});
afterAll(async () => {
  await h?.close();
  await translate?.close();
});

describe('multistation copy', () => {
  it('show1 offers the stores of the source region only, and step1 checks the choice', async () => {
    const show = await api('show1', { id: sourceId });
    expect(show.status, JSON.stringify(show.body)).toBe(200);
    const { source, targets } = show.body.data;
    expect(source).toMatchObject({
      id: sourceId,
      region: 'EU',
      currency: 'GBP',
      language: 'en-GB',
    });
    expect(source.items).toHaveLength(2);
    expect(targets.map((x: any) => x.market_id).sort()).toEqual([gb2.id, de.id, fr.id].sort());
    expect(targets.find((x: any) => x.market_id === de.id)).toMatchObject({
      site_code: 'DE',
      currency: 'EUR',
      language: 'de-DE',
      copy: null,
    });

    const ok = await api('step1', { id: sourceId, market_ids: [fr.id, de.id] });
    expect(ok.body.data.targets.map((x: any) => x.site_code)).toEqual(['FR', 'DE']);
    const wrong = await api('step1', { id: sourceId, market_ids: [de.id, us.id, gb.id] });
    expect(wrong.status).toBe(422);
    expectFields(wrong.body, 'market_ids.1', 'market_ids.2');
    expect(wrong.body.data.field_keys['market_ids.1']).toBe('listings.choose_region_site');
    expect(wrong.body.data.fields['market_ids.1']).toMatch(/EU/);
    expect((await api('step1', { id: sourceId, market_ids: [foreignDe.id] })).status).toBe(404);
    expect((await api('show1', { id: sourceId }, other.token)).status).toBe(404);
  });

  it('step2 converts the source price at the exchange rate, or prices the cost by the template', async () => {
    const show = (await api('show1', { id: sourceId })).body.data;
    const plain = await api('step2', { id: sourceId, market_ids: [de.id, gb2.id] });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    const [eur, gbp] = plain.body.data.sites;
    // Seeded rates: GBP 9.40 CNY, EUR 8.25 CNY; the rate is pounds per euro.
    expect(eur).toMatchObject({ market_id: de.id, currency: 'EUR', rate: '0.8776595745' });
    for (const [i, item] of show.source.items.entries()) {
      expect(eur.items[i]).toMatchObject({
        item_id: item.id,
        source_price_minor: item.price_minor,
        price_minor: Math.round((item.price_minor * 940) / 825),
        basis: 'converted',
      });
      expect(gbp.items[i].price_minor).toBe(item.price_minor);
    }

    const [template] = await t.database.db
      .insert(pricingTemplates)
      .values({
        sellerId: seller.sellerId,
        name: 'EU',
        marginBp: 5000,
        feeRateBp: 1500,
        rounding: 'end99',
      })
      .returning();
    const priced = await api('step2', {
      id: sourceId,
      market_ids: [de.id],
      pricing_template_id: template!.id,
    });
    const listing = (
      await call(t.app, 'GET', '/api/publish/show', {
        token: seller.token,
        query: { id: String(sourceId) },
      })
    ).body.data;
    for (const [i, item] of listing.items.entries()) {
      const [sku] = await t.database.db
        .select()
        .from(finishedSkus)
        .where(eq(finishedSkus.id, item.finished_sku_id));
      const plan = await call(t.app, 'POST', '/api/pricingTemplate/get-plan-sale', {
        token: seller.token,
        body: { template_id: template!.id, cost_minor: sku!.costMinor, site: 6 },
      });
      const got = priced.body.data.sites[0].items[i];
      expect(got.basis).toBe('template');
      expect(got.price_minor).toBe(plan.body.data.price_minor);
      expect(got.price).toMatch(/\.99$/);
    }
    const foreignTemplate = await api(
      'step2',
      { id: sourceId, market_ids: [de.id], pricing_template_id: template!.id },
      other.token,
    );
    expect(foreignTemplate.status).toBe(404);
  });

  it('show3 translates only where the language differs and flags forbidden words; step3 re-checks', async () => {
    const res = await api('show3', { id: sourceId, market_ids: [de.id, gb2.id, fr.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [deTexts, gbTexts, frTexts] = res.body.data.sites;
    expect(deTexts).toMatchObject({
      translated: true,
      texts: {
        title: 'Schwarz baumwolle T-shirt',
        describe: 'Herren sommer hemd',
        keywords: 'geschenk t-shirt',
        bullet_points: ['Weich und bequem', 'Qualität baumwolle'],
      },
    });
    expect(deTexts.hits).toEqual([
      expect.objectContaining({ field: 'keywords', word: 'Geschenk', start: 0, end: 8 }),
    ]);
    expect(gbTexts).toMatchObject({
      translated: false,
      texts: { title: 'Black cotton T-shirt', keywords: 'gift t-shirt' },
      hits: [],
    });
    expect(frTexts.texts.title).toBe('Noir coton T-shirt');

    const check = await api('step3', {
      id: sourceId,
      sites: [{ market_id: de.id, ...deTexts.texts, keywords: 'Baumwolle t-shirt' }],
    });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.data.sites).toEqual([{ market_id: de.id, hits: [] }]);

    translate.sim.faults.failNext({ status: 403, body: { error: 'Invalid API key' } });
    const refused = await api('show3', { id: sourceId, market_ids: [de.id] });
    expect(refused.status).toBe(503);
    expect(refused.body.key).toBe('translator.auth');
  });

  it('step4 writes one draft per site, rewrites it on a second run, and refuses once it is live', async () => {
    const prices = (await api('step2', { id: sourceId, market_ids: [de.id, fr.id] })).body.data
      .sites;
    const texts = (await api('show3', { id: sourceId, market_ids: [de.id, fr.id] })).body.data
      .sites;
    const body = (title?: string) => ({
      id: sourceId,
      sites: [de.id, fr.id].map((marketId, i) => ({
        market_id: marketId,
        ...texts[i].texts,
        ...(title ? { title } : {}),
        items: prices[i].items.map((it: any) => ({
          item_id: it.item_id,
          price_minor: it.price_minor,
        })),
      })),
    });
    const first = await api('step4', body());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [deCopy, frCopy] = first.body.data.results;
    expect(first.body.data.results.map((r: any) => r.created)).toEqual([true, true]);

    const show = async (id: number) =>
      (
        await call(t.app, 'GET', '/api/publish/show', {
          token: seller.token,
          query: { id: String(id) },
        })
      ).body.data;
    const [source, copy] = [await show(sourceId), await show(deCopy.listing_id)];
    expect(copy).toMatchObject({
      status: 'draft',
      market_id: de.id,
      site_code: 'DE',
      currency: 'EUR',
      title: 'Schwarz baumwolle T-shirt',
      brand: source.brand,
      market_category_id: source.market_category_id,
      is_variation: source.is_variation,
      images: source.images,
    });
    expect(copy.items.map((i: any) => [i.sku, i.price_minor, i.variation])).toEqual(
      source.items.map((i: any, n: number) => [i.sku, prices[0].items[n].price_minor, i.variation]),
    );
    expect((await show(frCopy.listing_id)).title).toBe('Noir coton T-shirt');

    const again = await api('step4', body('Schwarzes Baumwoll-T-Shirt'));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.results).toEqual([
      { market_id: de.id, listing_id: deCopy.listing_id, created: false },
      { market_id: fr.id, listing_id: frCopy.listing_id, created: false },
    ]);
    const rewritten = await show(deCopy.listing_id);
    expect(rewritten.title).toBe('Schwarzes Baumwoll-T-Shirt');
    expect(rewritten.items.map((i: any) => i.sku)).toEqual(copy.items.map((i: any) => i.sku));
    // Each copy's history: its creation by the first run, the rewrite of the second.
    const history = await call(t.app, 'GET', '/api/audit/history', {
      token: seller.token,
      query: { object: 'listing', id: String(deCopy.listing_id) },
    });
    expect(history.body.data.list.map((e: any) => e.action)).toEqual(['update', 'create']);
    expect(history.body.data.list[0].changes.title).toEqual({
      before: 'Schwarz baumwolle T-shirt',
      after: 'Schwarzes Baumwoll-T-Shirt',
    });
    expect(history.body.data.list[1].changes.storeId.after).toBe(de.id);
    const targets = (await api('show1', { id: sourceId })).body.data.targets;
    expect(targets.find((x: any) => x.market_id === de.id).copy).toEqual({
      listing_id: deCopy.listing_id,
      status: 'draft',
    });

    await t.database.db
      .update(listings)
      .set({ status: 'published' })
      .where(eq(listings.id, deCopy.listing_id));
    const live = await api('step4', body());
    expect(live.status).toBe(409);
    expect(live.body.data.market_ids).toEqual([de.id]);
    expect((await show(frCopy.listing_id)).title).toBe('Schwarzes Baumwoll-T-Shirt');
    // A first publish that failed left nothing on Amazon: the copy can be rewritten.
    await t.database.db
      .update(listings)
      .set({ status: 'failed' })
      .where(eq(listings.id, deCopy.listing_id));
    const retried = await api('step4', body());
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect((await show(deCopy.listing_id)).status).toBe('draft');
    await t.database.db
      .update(listings)
      .set({ status: 'failed', remoteId: 'B0SIM00001' })
      .where(eq(listings.id, deCopy.listing_id));
    expect((await api('step4', body())).status).toBe(409);

    const missing = await api('step4', {
      id: sourceId,
      sites: [{ market_id: fr.id, ...texts[1].texts, items: [] }],
    });
    expect(missing.status).toBe(422);
    expectFields(missing.body, 'sites.0.items');
    expect((await api('step4', body(), other.token)).status).toBe(404);
  });
});

describe('/api/common/translate', () => {
  const translateCall = (body: unknown, token = seller.token) =>
    call(t.app, 'POST', '/api/common/translate', { token, body });

  it('translates for the editor and checks its sizes', async () => {
    const res = await translateCall({ texts: ['soft white hoodie'], source: 'en', target: 'it' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ texts: ['morbido bianco felpa'], provider: 'libretranslate' });
    const tooMany = await translateCall({ texts: Array(51).fill('x'), target: 'de' });
    expect(tooMany.status).toBe(422);
    const badTarget = await translateCall({ texts: ['x'], target: 'German!' });
    expect(badTarget.status).toBe(422);
    expect(
      (await call(t.app, 'POST', '/api/common/translate', { body: { texts: ['x'], target: 'de' } }))
        .status,
    ).toBe(401);
  });
});
