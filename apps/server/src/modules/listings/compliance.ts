import { and, count, eq, isNull, or } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  AMAZON_TITLE_MAX,
  checkGtin,
  MAIN_IMAGE_MIN_PX,
  MARKETPLACE_NAMES,
  SHOPEE_TITLE_MAX,
  SHOPIFY_TITLE_MAX,
  TEMU_TITLE_MAX,
  type ComplianceFinding,
  type ComplianceReport,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { exemptBrands, forbiddenWords, upcCodes } from '../../db/schema.ts';
import { MarketplaceError } from '../../integrations/marketplaces/connector.ts';
import { keyOfUrl, type ObjectStorage } from '../../integrations/object-storage.ts';
import { ownedBy } from '../../tenancy.ts';
import { findForbiddenWords, type ForbiddenWord } from '../templates/index.ts';
import { findStore, type StoreRow } from '../markets/service.ts';
import { attributesOf } from './categories.ts';
import type { ListingCtx } from './context.ts';
import { findListing, type LoadedListing } from './rows.ts';
import { renderText } from '../../i18n/render-text.ts';

/** A border pixel counts as white from this value up in every channel (JPEG noise). */
const WHITE_MIN = 245;
/** Share of border pixels allowed off-white (antialiasing, a stray speck). */
const OFF_WHITE_TOLERANCE = 0.01;

export interface ImageFacts {
  width: number;
  height: number;
  whiteBorder: boolean;
}

/**
 * Object keys never change content (uploads get a new uuid, design outputs a content hash),
 * so what one image looked like is remembered for the process's life, up to a bound.
 */
/** Each marketplace's title limit and the message naming it. */
const TITLE_MAX: Record<string, number> = {
  amazon: AMAZON_TITLE_MAX,
  shopify: SHOPIFY_TITLE_MAX,
  temu: TEMU_TITLE_MAX,
  shopee: SHOPEE_TITLE_MAX,
};
const TITLE_TOO_LONG: Record<string, string> = {
  amazon: 'title_too_long',
  shopify: 'shopify_title_too_long',
};
/** Marketplaces that take items without a UPC/EAN: no code is asked for or taken. */
const NEEDS_NO_CODE = new Set(['temu', 'shopee']);

const imageFacts = new Map<string, ImageFacts | null>();
const IMAGE_CACHE_MAX = 5000;

/** Size and whether every edge is (nearly) pure white, sampled on the full-size pixels. */
export async function inspectImage(bytes: Buffer): Promise<ImageFacts> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  let total = 0;
  let off = 0;
  const check = (x: number, y: number) => {
    const at = (y * width + x) * channels;
    total++;
    for (let c = 0; c < channels; c++) {
      if (data[at + c]! < WHITE_MIN) {
        off++;
        return;
      }
    }
  };
  for (let x = 0; x < width; x++) {
    check(x, 0);
    check(x, height - 1);
  }
  for (let y = 1; y < height - 1; y++) {
    check(0, y);
    check(width - 1, y);
  }
  return { width, height, whiteBorder: off <= total * OFF_WHITE_TOLERANCE };
}

async function factsOf(storage: ObjectStorage, url: string): Promise<ImageFacts | null> {
  const key = keyOfUrl(url, storage);
  if (key === null) return null;
  if (imageFacts.has(key)) return imageFacts.get(key)!;
  const object = await storage.get(key);
  let facts: ImageFacts | null = null;
  if (object) {
    const bytes = await streamToBuffer(object.body);
    facts = await inspectImage(bytes).catch(() => null);
  }
  if (imageFacts.size >= IMAGE_CACHE_MAX) imageFacts.clear();
  imageFacts.set(key, facts);
  return facts;
}

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

type WordCheck = (texts: {
  title: string;
  bullets: string[];
  description: string;
  keywords: string;
}) => ReturnType<typeof findForbiddenWords>;

/** The platform's and the seller's forbidden words with the store's exempt brands, loaded once. */
export async function forbiddenWordCheck(ctx: Ctx, storeId: number): Promise<WordCheck> {
  const [words, brands] = await Promise.all([
    ctx.db
      .select({ word: forbiddenWords.word, sellerId: forbiddenWords.sellerId })
      .from(forbiddenWords)
      .where(or(isNull(forbiddenWords.sellerId), ownedBy(ctx, forbiddenWords.sellerId))),
    ctx.db
      .select({ brand: exemptBrands.brand })
      .from(exemptBrands)
      .where(
        and(
          ownedBy(ctx, exemptBrands.sellerId),
          or(isNull(exemptBrands.storeId), eq(exemptBrands.storeId, storeId)),
        ),
      ),
  ]);
  const list: ForbiddenWord[] = words.map((w) => ({
    word: w.word,
    source: w.sellerId === null ? 'platform' : 'seller',
  }));
  const exempt = brands.map((b) => b.brand);
  return (texts) => findForbiddenWords(texts, list, exempt);
}

async function freeCodeCount(ctx: Ctx): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(upcCodes)
    .where(and(ownedBy(ctx, upcCodes.sellerId), eq(upcCodes.state, 'free')));
  return row?.n ?? 0;
}

/** The store's brands (lower case) with a GTIN exemption: their Amazon listings need no UPC/EAN. */
async function gtinExemptBrands(ctx: Ctx, storeId: number): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ brand: exemptBrands.brand })
    .from(exemptBrands)
    .where(
      and(
        ownedBy(ctx, exemptBrands.sellerId),
        eq(exemptBrands.gtinExempt, true),
        or(isNull(exemptBrands.storeId), eq(exemptBrands.storeId, storeId)),
      ),
    );
  return new Set(rows.map((r) => r.brand.trim().toLowerCase()));
}

/** What a batch computes once for many listings of one store. */
export interface ComplianceTools {
  store: StoreRow;
  words: WordCheck;
  freeCodes: number;
  gtinExempt: Set<string>;
}

export async function complianceTools(ctx: ListingCtx, store: StoreRow): Promise<ComplianceTools> {
  const [words, freeCodes, gtinExempt] = await Promise.all([
    forbiddenWordCheck(ctx, store.id),
    freeCodeCount(ctx),
    gtinExemptBrands(ctx, store.id),
  ]);
  return { store, words, freeCodes, gtinExempt };
}

/**
 * Whether the listing's items go without a UPC/EAN: Temu and Shopee take none, and Amazon
 * takes none for a brand with a GTIN exemption (the connector then declares it).
 */
export function needsNoCode(tools: ComplianceTools, brand: string): boolean {
  const marketplace = tools.store.marketplace;
  if (NEEDS_NO_CODE.has(marketplace)) return true;
  return marketplace === 'amazon' && tools.gtinExempt.has(brand.trim().toLowerCase());
}

const FIELD_OF_HIT: Record<string, string> = { description: 'describe' };

/**
 * The pre-publish report: title length, required attributes of the product type, the main
 * image (size, white background), forbidden words, product ids and prices. Shopify asks less:
 * a longer title, no product type, description, bullet points, vendor or main image required
 * (missing ones are warnings), any image size, and a barcode only when the pool has one.
 */
export async function complianceReport(
  ctx: ListingCtx,
  listing: LoadedListing,
  tools: ComplianceTools,
): Promise<ComplianceReport> {
  const { row, items } = listing;
  // Findings are written in the asker's language (a batch's: whoever started it).
  const text = (key: string, params?: Record<string, unknown>) =>
    renderText(ctx.lang, `compliance.${key}`, params);
  const findings: ComplianceFinding[] = [];
  const error = (f: Omit<ComplianceFinding, 'severity'>) =>
    findings.push({ severity: 'error', ...f });
  const warning = (f: Omit<ComplianceFinding, 'severity'>) =>
    findings.push({ severity: 'warning', ...f });
  const marketplace = tools.store.marketplace;
  const amazon = marketplace === 'amazon';
  const shopify = marketplace === 'shopify';
  /** What Amazon, Temu and Shopee require and Shopify only recommends. */
  const required = shopify ? warning : error;
  const titleMax = TITLE_MAX[marketplace] ?? AMAZON_TITLE_MAX;

  if (row.title.trim() === '') {
    error({ rule: 'title_length', field: 'title', message: text('title_empty') });
  } else if (row.title.length > titleMax) {
    error({
      rule: 'title_length',
      field: 'title',
      message: text(TITLE_TOO_LONG[marketplace] ?? 'market_title_too_long', {
        length: row.title.length,
        max: titleMax,
        name: MARKETPLACE_NAMES[marketplace],
      }),
    });
  }

  if (row.productType === '' && shopify) {
    // Shopify products need no category; the taxonomy only helps buyers find them.
  } else if (row.productType === '') {
    error({
      rule: 'required_attribute',
      field: 'market_category_id',
      message: text('product_type_missing'),
    });
  } else {
    try {
      const definitions = await attributesOf(ctx, tools.store, row.productType);
      for (const d of definitions.filter((x) => x.required)) {
        const value = row.attributes[d.name];
        const given = value !== undefined && String(value).trim() !== '';
        const fromItems =
          items.length > 0 && items.every((i) => (i.variation[d.name] ?? '').trim() !== '');
        if (!given && !fromItems) {
          error({
            rule: 'required_attribute',
            field: `attributes.${d.name}`,
            message: text('attribute_required', { label: d.label, productType: row.productType }),
          });
        }
      }
    } catch (e) {
      if (!(e instanceof MarketplaceError)) throw e;
      warning({
        rule: 'required_attribute',
        field: 'market_category_id',
        message: text('product_type_unreadable', { reason: e.message }),
      });
    }
  }

  if (row.describe.trim() === '' && row.customDescribe.trim() === '') {
    required({
      rule: 'required_attribute',
      field: 'describe',
      message: text('description_missing'),
    });
  }
  if (amazon && !row.bulletPoints.some((b) => b.trim() !== '')) {
    error({
      rule: 'required_attribute',
      field: 'bullet_points.0',
      message: text('bullet_missing'),
    });
  }
  // Temu has no brand field for local sellers and Shopee sends NoBrand.
  if (row.brand.trim() === '' && (amazon || shopify)) {
    required({
      rule: 'required_attribute',
      field: 'brand',
      message: text(shopify ? 'vendor_missing' : 'brand_missing'),
    });
  }

  const main = row.images[0];
  if (!main) {
    required({
      rule: 'main_image_missing',
      field: 'images.0',
      message: text('main_image_missing'),
    });
  } else if (amazon) {
    const facts = await factsOf(ctx.storage, main);
    if (!facts) {
      warning({
        rule: 'main_image_size',
        field: 'images.0',
        message: text('main_image_not_local'),
      });
    } else {
      if (Math.max(facts.width, facts.height) < MAIN_IMAGE_MIN_PX) {
        error({
          rule: 'main_image_size',
          field: 'images.0',
          message: text('main_image_too_small', {
            width: facts.width,
            height: facts.height,
            min: MAIN_IMAGE_MIN_PX,
          }),
        });
      }
      if (!facts.whiteBorder) {
        error({
          rule: 'main_image_background',
          field: 'images.0',
          message: text('main_image_background'),
        });
      }
    }
  }

  const texts = [
    {
      title: row.title,
      bullets: row.bulletPoints,
      description: row.describe,
      keywords: row.keywords,
    },
    { title: '', bullets: [], description: row.customDescribe, keywords: '' },
  ];
  texts.forEach((t, i) => {
    for (const hit of tools.words(t)) {
      const field =
        i === 1
          ? 'custom_describe'
          : (FIELD_OF_HIT[hit.field] ?? hit.field.replace(/^bullets\./, 'bullet_points.'));
      error({
        rule: 'forbidden_word',
        field,
        message: text('forbidden_word', { word: hit.word }),
        word: hit.word,
        start: hit.start,
        end: hit.end,
      });
    }
  });

  let missing = 0;
  const noCode = needsNoCode(tools, row.brand);
  items.forEach((item, i) => {
    if (item.priceMinor <= 0) {
      error({
        rule: 'missing_price',
        field: `items.${i}.price_minor`,
        message: text('price_missing'),
      });
    }
    if (item.productId === '') {
      // Temu, Shopee and GTIN-exempt brands take items without a code: nothing to ask for or take.
      if (noCode) return;
      missing++;
      const covered = missing <= tools.freeCodes;
      (covered || shopify ? warning : error)({
        rule: 'missing_product_id',
        field: `items.${i}.product_id`,
        message: text(
          covered ? 'product_id_from_pool' : shopify ? 'barcode_none' : 'product_id_pool_empty',
        ),
      });
    } else if (!checkGtin(item.productId).ok) {
      error({
        rule: 'invalid_product_id',
        field: `items.${i}.product_id`,
        message: text('product_id_check_digit'),
      });
    }
  });

  const errors = findings.filter((f) => f.severity === 'error').length;
  return { ok: errors === 0, errors, warnings: findings.length - errors, findings };
}

/** `GET publish/check?id=`. */
export async function checkListing(ctx: ListingCtx, id: number): Promise<ComplianceReport> {
  const listing = await findListing(ctx, id);
  const store = await findStore(ctx, listing.row.storeId);
  return complianceReport(ctx, listing, await complianceTools(ctx, store));
}
