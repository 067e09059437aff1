import { and, count, eq, isNull, or } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  AMAZON_TITLE_MAX,
  checkGtin,
  MAIN_IMAGE_MIN_PX,
  type ComplianceFinding,
  type ComplianceReport,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { exemptBrands, forbiddenWords, upcCodes } from '../../db/schema.ts';
import { MarketplaceError } from '../../integrations/marketplaces/connector.ts';
import { FILES_URL_PREFIX, type ObjectStorage } from '../../integrations/object-storage.ts';
import { ownedBy } from '../../tenancy.ts';
import { findForbiddenWords, type ForbiddenWord } from '../templates/index.ts';
import { findStore, type StoreRow } from '../markets/service.ts';
import { attributesOf } from './categories.ts';
import type { ListingCtx } from './context.ts';
import { findListing, type LoadedListing } from './rows.ts';

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
const imageFacts = new Map<string, ImageFacts | null>();
const IMAGE_CACHE_MAX = 5000;

/** The storage key behind an image URL this server handed out; null for foreign URLs. */
export function keyOfUrl(storage: ObjectStorage, url: string): string | null {
  for (const prefix of new Set([storage.url(''), FILES_URL_PREFIX])) {
    if (prefix && url.startsWith(prefix)) return url.slice(prefix.length);
  }
  return null;
}

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
  const key = keyOfUrl(storage, url);
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

/** What a batch computes once for many listings of one store. */
export interface ComplianceTools {
  store: StoreRow;
  words: WordCheck;
  freeCodes: number;
}

export async function complianceTools(ctx: ListingCtx, store: StoreRow): Promise<ComplianceTools> {
  const [words, freeCodes] = await Promise.all([
    forbiddenWordCheck(ctx, store.id),
    freeCodeCount(ctx),
  ]);
  return { store, words, freeCodes };
}

const FIELD_OF_HIT: Record<string, string> = { description: 'describe' };

/**
 * The pre-publish report: title length, required attributes of the product type, the main
 * image (size, white background), forbidden words, product ids and prices.
 */
export async function complianceReport(
  ctx: ListingCtx,
  listing: LoadedListing,
  tools: ComplianceTools,
): Promise<ComplianceReport> {
  const { row, items } = listing;
  const findings: ComplianceFinding[] = [];
  const error = (f: Omit<ComplianceFinding, 'severity'>) =>
    findings.push({ severity: 'error', ...f });
  const warning = (f: Omit<ComplianceFinding, 'severity'>) =>
    findings.push({ severity: 'warning', ...f });

  if (row.title.trim() === '') {
    error({ rule: 'title_length', field: 'title', message: 'The title is empty' });
  } else if (row.title.length > AMAZON_TITLE_MAX) {
    error({
      rule: 'title_length',
      field: 'title',
      message: `The title has ${row.title.length} characters; Amazon allows ${AMAZON_TITLE_MAX}`,
    });
  }

  if (row.productType === '') {
    error({
      rule: 'required_attribute',
      field: 'market_category_id',
      message: 'Choose the product type',
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
            message: `${d.label} is required for ${row.productType}`,
          });
        }
      }
    } catch (e) {
      if (!(e instanceof MarketplaceError)) throw e;
      warning({
        rule: 'required_attribute',
        field: 'market_category_id',
        message: `Could not read the product type from Amazon: ${e.message}`,
      });
    }
  }

  if (row.describe.trim() === '' && row.customDescribe.trim() === '') {
    error({ rule: 'required_attribute', field: 'describe', message: 'Enter a description' });
  }
  if (!row.bulletPoints.some((b) => b.trim() !== '')) {
    error({
      rule: 'required_attribute',
      field: 'bullet_points.0',
      message: 'Enter at least one bullet point',
    });
  }
  if (row.brand.trim() === '') {
    error({ rule: 'required_attribute', field: 'brand', message: 'Enter the brand' });
  }

  const main = row.images[0];
  if (!main) {
    error({ rule: 'main_image_missing', field: 'images.0', message: 'Add a main image' });
  } else {
    const facts = await factsOf(ctx.storage, main);
    if (!facts) {
      warning({
        rule: 'main_image_size',
        field: 'images.0',
        message: 'The main image is not stored here, so its size and background were not checked',
      });
    } else {
      if (Math.max(facts.width, facts.height) < MAIN_IMAGE_MIN_PX) {
        error({
          rule: 'main_image_size',
          field: 'images.0',
          message: `The main image is ${facts.width}×${facts.height} px; its longest side needs ${MAIN_IMAGE_MIN_PX} px`,
        });
      }
      if (!facts.whiteBorder) {
        error({
          rule: 'main_image_background',
          field: 'images.0',
          message: 'The main image needs a pure white background',
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
        message: `"${hit.word}" is a forbidden word`,
        word: hit.word,
        start: hit.start,
        end: hit.end,
      });
    }
  });

  let missing = 0;
  items.forEach((item, i) => {
    if (item.priceMinor <= 0) {
      error({ rule: 'missing_price', field: `items.${i}.price_minor`, message: 'Enter a price' });
    }
    if (item.productId === '') {
      missing++;
      const covered = missing <= tools.freeCodes;
      (covered ? warning : error)({
        rule: 'missing_product_id',
        field: `items.${i}.product_id`,
        message: covered
          ? 'No UPC/EAN: a free UPC code will be taken at publish'
          : 'No UPC/EAN and no free UPC code left: import codes first',
      });
    } else if (!checkGtin(item.productId).ok) {
      error({
        rule: 'invalid_product_id',
        field: `items.${i}.product_id`,
        message: 'The UPC/EAN check digit is wrong',
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
