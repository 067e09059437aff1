import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  AMAZON_TITLE_MAX,
  type CreateListingsInput,
  type CreateListingsResult,
  fromMinor,
  SHOPEE_TITLE_MAX,
  SHOPIFY_TITLE_MAX,
  TEMU_TITLE_MAX,
  type AttributeValue,
  type PlaceholderValues,
} from '@app/shared';
import {
  finishedProductImages,
  finishedProducts,
  finishedSkus,
  listingItems,
  listings,
} from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { recordAudit } from '../audit/index.ts';
import { refuseDuplicate } from '../../db/unique.ts';
import { NotFoundError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { siteOf } from '../markets/service.ts';
import { findListingStore, type ListingMarketplace } from './marketplace.ts';
import type { ListingCtx } from './context.ts';
import { itemSummary } from './rows.ts';
import { getDefaults } from './info.ts';
import { type Texts, pricingRule, sitePrice, textsFromTemplates } from './pricing.ts';
import { freeSkus } from './skus.ts';

const themeOf = (keys: string[]) => keys.map((k) => k.toUpperCase()).join('/');

const TITLE_MAX: Record<ListingMarketplace, number> = {
  amazon: AMAZON_TITLE_MAX,
  shopify: SHOPIFY_TITLE_MAX,
  temu: TEMU_TITLE_MAX,
  shopee: SHOPEE_TITLE_MAX,
};

/**
 * What a new draft's `attributes` start with: Shopify products go live as ACTIVE unless the
 * editor sets them to DRAFT; Shopee asks every item for a weight and package sizes, prefilled
 * with a small parcel's for the seller to correct in step 4.
 */
const STARTING_ATTRIBUTES: Partial<Record<ListingMarketplace, Record<string, AttributeValue>>> = {
  shopify: { status: 'ACTIVE' },
  shopee: {
    weight: 0.3,
    package_length: 20,
    package_width: 15,
    package_height: 5,
    days_to_ship: 2,
  },
};

/**
 * Drafts for one store from finished products, prefilled from templates and the products'
 * design, images and SKUs. `marketplace` is the routes' (a store of another is 422).
 */
export async function createListings(
  ctx: ListingCtx,
  input: CreateListingsInput,
  marketplace: ListingMarketplace = 'amazon',
): Promise<CreateListingsResult> {
  const store = await findListingStore(ctx, input.market_id, marketplace);
  const site = siteOf(store.marketSiteId);
  const products = await ctx.db
    .select()
    .from(finishedProducts)
    .where(
      and(inArray(finishedProducts.id, input.goods_ids), ownedBy(ctx, finishedProducts.sellerId)),
    );
  const byId = new Map(products.map((p) => [p.id, p]));
  const missing = input.goods_ids.find((id) => !byId.has(id));
  if (missing !== undefined)
    throw new NotFoundError('listings.product_not_found_id', { id: missing });
  const rule = await pricingRule(ctx, input.pricing_template_id);
  const defaults = await getDefaults(ctx, { market_id: store.id }, marketplace);
  const brand = input.brand ?? defaults.brand;
  const [skus, images] = await Promise.all([
    ctx.db
      .select()
      .from(finishedSkus)
      .where(inArray(finishedSkus.productId, input.goods_ids))
      .orderBy(asc(finishedSkus.orderNum), asc(finishedSkus.id)),
    ctx.db
      .select()
      .from(finishedProductImages)
      .where(inArray(finishedProductImages.productId, input.goods_ids))
      .orderBy(asc(finishedProductImages.orderNum), asc(finishedProductImages.id)),
  ]);
  // Prices first (they read rates), then one transaction for the rows.
  const prepared: Array<{
    product: (typeof products)[number];
    own: typeof skus;
    prices: number[];
    texts: Texts;
  }> = [];
  for (const goodsId of input.goods_ids) {
    const product = byId.get(goodsId)!;
    const own = skus.filter((s) => s.productId === goodsId);
    const prices: number[] = [];
    for (const sku of own) {
      prices.push(
        await sitePrice(
          ctx,
          rule,
          input.pricing_template_id ? sku.costMinor : sku.priceMinor,
          site.currency,
        ),
      );
    }
    const first = own[0];
    const values: PlaceholderValues = {
      title: product.title,
      brand,
      color: first?.color,
      size: first?.size,
      sku: first?.skuCode,
      price: prices[0] === undefined ? undefined : fromMinor(prices[0], site.currency),
    };
    const texts = input.templates ? await textsFromTemplates(ctx, input.templates, values) : {};
    prepared.push({ product, own, prices, texts });
  }
  // Two identical calls at once can pick the same free SKUs; the later one answers 409 with the
  // listing that took them.
  const wantedSkus = prepared.flatMap(({ product, own }) =>
    own.length ? own.map((s) => s.skuCode) : [`FP${product.id}`],
  );
  const existingId = async () => {
    const [taken] = await ctx.db
      .select({ id: listingItems.listingId })
      .from(listingItems)
      .where(and(eq(listingItems.storeId, store.id), inArray(listingItems.sku, wantedSkus)))
      .limit(1);
    return taken?.id ?? null;
  };
  const create = () =>
    withTransaction(ctx, async (tx) => {
      const created: number[] = [];
      for (const { product, own, prices, texts } of prepared) {
        const keys = (['color', 'size'] as const).filter((k) => own.some((s) => s[k] !== ''));
        const isVariation = own.length > 1;
        const wanted = own.length ? own.map((s) => s.skuCode) : [`FP${product.id}`];
        const itemSkus = await freeSkus(tx.db, store.id, wanted);
        const [parentSku] = isVariation
          ? await freeSkus(tx.db, store.id, [`FP${product.id}-P`])
          : [itemSkus[0]!];
        const productImages = images.filter((i) => i.productId === product.id).map((i) => i.url);
        const items = own.length
          ? own.map((s, i) => ({
              finishedSkuId: s.id,
              sku: itemSkus[i]!,
              priceMinor: prices[i]!,
              quantity: 0,
              variation: Object.fromEntries(keys.map((k) => [k, s[k]]).filter(([, v]) => v)),
              image: s.image,
            }))
          : [
              {
                finishedSkuId: null,
                sku: itemSkus[0]!,
                priceMinor: 0,
                quantity: 0,
                variation: {},
                image: null,
              },
            ];
        const [row] = await tx.db
          .insert(listings)
          .values({
            sellerId: sellerIdOf(ctx),
            storeId: store.id,
            siteId: site.id,
            goodsId: product.id,
            currency: site.currency,
            brand,
            manufacturer: defaults.manufacturer || brand,
            handlingTime: defaults.handling_time,
            condition: defaults.condition,
            productType: input.market_category_id ?? defaults.market_category_id,
            isVariation,
            variationTheme: isVariation ? themeOf(keys) : '',
            parentSku: parentSku!,
            showVariationTheme: isVariation ? [...keys] : [],
            title: texts.title ?? product.title.slice(0, TITLE_MAX[marketplace]),
            attributes: STARTING_ATTRIBUTES[marketplace] ?? {},
            describe: texts.describe ?? '',
            keywords: texts.keywords ?? '',
            bulletPoints: texts.bullets ?? [],
            images: productImages,
            ...itemSummary(parentSku!, items),
          })
          .returning();
        await recordAudit(tx, { object: 'listing', id: row!.id, before: null, after: row! });
        await tx.db.insert(listingItems).values(
          items.map((item, orderNum) => ({
            ...item,
            listingId: row!.id,
            storeId: store.id,
            orderNum,
          })),
        );
        created.push(row!.id);
      }
      return created;
    });
  const ids = await refuseDuplicate(create, {
    constraint: 'listing_items_store_sku_uq',
    key: 'listings.created_twice',
    existingId,
  });
  return { ids };
}
