import { z } from 'zod';
import { DEFAULT_MARKET_PAGE, DEFAULT_MARKET_SIZE } from '../constants.ts';
import { MARKETPLACES } from '../markets.ts';
import { multilineText, queryInt, text } from './common.ts';

export const STORE_ALIAS_MAX = 50;
export const TAX_NUMBER_MAX = 50;
export const BRAND_NAME_MAX = 100;
export const STORE_STAFF_MAX = 200;

const id = z.number().int().positive();

export const MarketplaceCode = z.enum(MARKETPLACES);

/** Spec 5: the market list takes page 1 and size 20 when the client sends the text 'undefined'. */
const orDefault = (fallback: number) =>
  z
    .preprocess(
      (v) => (v === 'undefined' || v === '' ? fallback : v),
      queryInt(z.number().int().min(1)),
    )
    // An absent value takes the default here, so the API document shows the field as optional.
    .default(fallback);

export const STORE_STATUS = { off: 0, on: 1 } as const;
/** `active`: the token works; `expired`/`revoked`: the seller must authorize again. */
export const STORE_AUTH_STATUSES = ['active', 'expired', 'revoked'] as const;
/** `sandbox`: authorized against the local simulator; `live`: against the real marketplace. */
export const STORE_SOURCES = ['sandbox', 'live'] as const;
/**
 * How a Temu seller sells (reference 4.4, 4.6): `local` (a local seller's own goods,
 * bg.local.goods.*) or `cross_border` (a semi-managed seller shipping from abroad,
 * temu.goods.* on the partner gateway). Chosen at authorization; it decides the calls.
 */
export const TEMU_MODES = ['local', 'cross_border'] as const;
export type TemuMode = (typeof TEMU_MODES)[number];

export const MarketSite = z.object({
  id: z.number().int(),
  marketplace: MarketplaceCode,
  code: z.string(),
  name: z.string(),
  nameZh: z.string(),
  currency: z.string(),
  remoteId: z.string(),
  region: z.string(),
  language: z.string(),
});
export type MarketSite = z.infer<typeof MarketSite>;

/** A store as lists show it: the spec's store field set plus what the screen needs. */
export const Store = z.object({
  id: z.number().int(),
  alias: z.string(),
  tax_number: z.string(),
  seller_id: z.number().int(),
  market_site_id: z.number().int(),
  /** The marketplace account: Amazon selling partner id, Shopify shop domain, Shopee shop id, Temu mall id. */
  account: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  source: z.enum(STORE_SOURCES),
  marketplace: MarketplaceCode,
  site: MarketSite,
  auth_status: z.enum(STORE_AUTH_STATUSES),
  /** Temu's mode (`TEMU_MODES`); null for the other marketplaces. */
  mode: z.enum(TEMU_MODES).nullable(),
  /** Unix seconds. */
  authorized_at: z.number().int(),
  token_expires_at: z.number().int().nullable(),
  staff_ids: z.array(z.number().int()),
  /** Listings being published right now; a store with any cannot be deleted. */
  publishing: z.number().int(),
  /** The store's auto-buy is on (its settings: `/api/market/auto-buy`). */
  auto_buy: z.boolean(),
  created_at: z.number().int(),
});
export type Store = z.infer<typeof Store>;

/**
 * `amazon`: the seller's Amazon stores that are on and authorized, per authorization region
 * (NA, EU, FE), for the listing editor's store picker.
 */
export const AmazonStoreGroup = z.object({
  region: z.string(),
  stores: z.array(Store),
});
export type AmazonStoreGroup = z.infer<typeof AmazonStoreGroup>;

export const MarketIndexQuery = z.object({
  page: orDefault(DEFAULT_MARKET_PAGE),
  size: orDefault(DEFAULT_MARKET_SIZE).pipe(z.number().max(200)),
  marketplace: MarketplaceCode.optional(),
  status: queryInt(z.number().int().min(0).max(1)).optional(),
  /** Matches alias or account. */
  keyword: text().trim().max(100).optional(),
});
export type MarketIndexQuery = z.infer<typeof MarketIndexQuery>;

export const StorePage = z.object({
  list: z.array(Store),
  pagination: z.object({ page: z.number().int(), size: z.number().int(), total: z.number().int() }),
});
export type StorePage = z.infer<typeof StorePage>;

export const MarketplaceQuery = z.object({ marketplace: MarketplaceCode });
export type MarketplaceQuery = z.infer<typeof MarketplaceQuery>;

export const SitesQuery = z.object({ marketplace: MarketplaceCode.optional() });
export type SitesQuery = z.infer<typeof SitesQuery>;

/** One marketplace a seller can authorize, with its sites; `sandbox` when it runs on the simulator. */
export const AuthApp = z.object({
  marketplace: MarketplaceCode,
  name: z.string(),
  sandbox: z.boolean(),
  /** Shopify asks for the shop domain before its consent page. */
  needsShopDomain: z.boolean(),
  /** Temu: Seller Center can also show an access token for the seller to paste. */
  acceptsToken: z.boolean(),
  sites: z.array(MarketSite),
});
export type AuthApp = z.infer<typeof AuthApp>;

export const SHOPIFY_SHOP_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;

export const AuthorizationUrlInput = z.object({
  // `market_sites.id` is an integer column.
  market_site_id: id.max(2_147_483_647),
  alias: text().trim().max(STORE_ALIAS_MAX).optional(),
  /** Re-authorize this store instead of adding a new one. */
  store_id: id.optional(),
  /** Shopify only: `name.myshopify.com`. */
  shop: text()
    .trim()
    .toLowerCase()
    .regex(SHOPIFY_SHOP_PATTERN, 'validation.shopify_shop')
    .optional(),
  /** Temu only: local or cross-border seller; local when left out. */
  temu_mode: z.enum(TEMU_MODES).optional(),
});
export type AuthorizationUrlInput = z.infer<typeof AuthorizationUrlInput>;

/**
 * Temu's callback carries only `code` (no `state`, reference 4.4): the signed-in seller's browser
 * hands it back here, and it completes that user's pending Temu authorization.
 */
export const CompleteAuthorizationInput = z.object({
  code: text().trim().min(1, 'validation.required').max(1024),
});
export type CompleteAuthorizationInput = z.infer<typeof CompleteAuthorizationInput>;

/** Temu's manual mode: the access token Seller Center shows, pasted by the seller. */
export const StoreTokenInput = AuthorizationUrlInput.omit({ shop: true }).extend({
  access_token: text().trim().min(8, 'validation.required').max(1024),
});
export type StoreTokenInput = z.infer<typeof StoreTokenInput>;

export const AuthorizedStore = z.object({ store_id: z.number().int() });
export type AuthorizedStore = z.infer<typeof AuthorizedStore>;

export const AuthorizationUrl = z.object({
  url: z.string(),
  /** Seconds the consent link stays valid. */
  expires_in: z.number().int(),
});
export type AuthorizationUrl = z.infer<typeof AuthorizationUrl>;

const alias = text().trim().min(1, 'validation.required').max(STORE_ALIAS_MAX);

export const UpdateMarketInfoInput = z.object({
  id,
  alias,
  tax_number: text().trim().max(TAX_NUMBER_MAX).default(''),
});
export type UpdateMarketInfoInput = z.infer<typeof UpdateMarketInfoInput>;

export const ModifyStatusInput = z.object({
  id,
  status: z.number().int().min(0).max(1),
});
export type ModifyStatusInput = z.infer<typeof ModifyStatusInput>;

export const ModifyAliasInput = z.object({ id, alias });
export type ModifyAliasInput = z.infer<typeof ModifyAliasInput>;

/** `updateAlias`: rename several stores at once. */
export const UpdateAliasInput = z.object({
  list: z.array(z.object({ id, alias })).min(1).max(200),
});
export type UpdateAliasInput = z.infer<typeof UpdateAliasInput>;

export const SetStaffInput = z.object({
  id,
  staff_ids: z.array(id).max(STORE_STAFF_MAX),
});
export type SetStaffInput = z.infer<typeof SetStaffInput>;

/** A staff member of the seller that stores can be assigned to. */
export const StaffOption = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
});
export type StaffOption = z.infer<typeof StaffOption>;

/** `status`: asks the marketplace whether the store's authorization still works. */
export const StoreAuthCheck = z.object({
  id: z.number().int(),
  auth_status: z.enum(STORE_AUTH_STATUSES),
  message: z.string(),
});
export type StoreAuthCheck = z.infer<typeof StoreAuthCheck>;

/**
 * Exempt (immune) brands: the seller's own brands that forbidden-word checks never flag; with
 * `gtin_exempt`, brands Amazon granted a GTIN exemption, whose listings need no UPC/EAN.
 */
export const ExemptBrand = z.object({
  id: z.number().int(),
  brand: z.string(),
  /** null = every store of the seller. */
  store_id: z.number().int().nullable(),
  remark: z.string(),
  gtin_exempt: z.boolean(),
  created_at: z.number().int(),
});
export type ExemptBrand = z.infer<typeof ExemptBrand>;

export const ExemptBrandQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  keyword: text().trim().max(100).optional(),
  store_id: queryInt(z.number().int().positive()).optional(),
});
export type ExemptBrandQuery = z.infer<typeof ExemptBrandQuery>;

export const ExemptBrandPage = z.object({
  list: z.array(ExemptBrand),
  pagination: z.object({ page: z.number().int(), size: z.number().int(), total: z.number().int() }),
});
export type ExemptBrandPage = z.infer<typeof ExemptBrandPage>;

/** Creates when `id` is absent, updates otherwise; a brand is unique per seller and store, ignoring case. */
export const ExemptBrandInput = z.object({
  id: id.optional(),
  brand: text().trim().min(1, 'validation.required').max(BRAND_NAME_MAX),
  store_id: id.nullable().default(null),
  remark: multilineText().trim().max(200).default(''),
  gtin_exempt: z.boolean().default(false),
});
export type ExemptBrandInput = z.infer<typeof ExemptBrandInput>;
