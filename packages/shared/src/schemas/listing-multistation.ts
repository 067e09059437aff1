import { z } from 'zod';
import { multilineText } from './common.ts';
import { ListingStatusCode, Step4Fields } from './listing.ts';
import { ForbidHit } from './templates.ts';

/**
 * Multi-station copy of an Amazon listing (`/api/publish/multistation/*`, `show1`, `show3`):
 * copy one listing to other Amazon sites of its region (NA, EU or FE), on the seller's stores
 * authorized there, with prices converted into each site's currency and texts translated when
 * the site's language differs. The wizard is stateless on the server: each step answers what
 * the next one shows, and `step4` takes everything and writes one draft per target store.
 * A target store holds at most one copy of a source: copying again updates that draft, and
 * is refused (409) once that copy has been sent to Amazon (anything but a draft or a first
 * publish that failed).
 */

const id = z.number().int().positive();
/** Target stores (`market_id`s) of the copy. */
const marketIds = z.array(id).min(1, 'validation.choose_one_or_more').max(20);

/** Texts of a copy, as step 4 of the editor has them. */
export const MultistationTexts = Step4Fields;
export type MultistationTexts = z.infer<typeof MultistationTexts>;

export const MultistationSourceInput = z.object({ id });
export type MultistationSourceInput = z.infer<typeof MultistationSourceInput>;

export const MultistationTargetsInput = z.object({ id, market_ids: marketIds });
export type MultistationTargetsInput = z.infer<typeof MultistationTargetsInput>;

export const MultistationPriceInput = MultistationTargetsInput.extend({
  /** Prices from each item's finished SKU cost by this template; without it, the source price converted. */
  pricing_template_id: id.optional(),
});
export type MultistationPriceInput = z.infer<typeof MultistationPriceInput>;

/** A store the listing can be copied to, with its site; `copy` when it already holds one. */
export const MultistationTarget = z.object({
  market_id: z.number().int(),
  alias: z.string(),
  site_id: z.number().int(),
  site_code: z.string(),
  site_name: z.string(),
  site_name_zh: z.string(),
  currency: z.string(),
  language: z.string(),
  copy: z.object({ listing_id: z.number().int(), status: ListingStatusCode }).nullable(),
});
export type MultistationTarget = z.infer<typeof MultistationTarget>;

/** `show1`: the source listing and the stores of its region it can go to. */
export const MultistationShow1 = z.object({
  source: z.object({
    id: z.number().int(),
    title: z.string(),
    status: ListingStatusCode,
    market_id: z.number().int(),
    alias: z.string(),
    site_code: z.string(),
    region: z.string(),
    currency: z.string(),
    language: z.string(),
    items: z.array(
      z.object({
        id: z.number().int(),
        sku: z.string(),
        price_minor: z.number().int(),
        variation: z.record(z.string(), z.string()),
      }),
    ),
  }),
  targets: z.array(MultistationTarget),
});
export type MultistationShow1 = z.infer<typeof MultistationShow1>;

/** `step1`: the chosen targets, checked (same region, authorized, not the source's store). */
export const MultistationTargets = z.object({ targets: z.array(MultistationTarget) });
export type MultistationTargets = z.infer<typeof MultistationTargets>;

/** One item's price on a target site, with how it was reached. */
export const MultistationItemPrice = z.object({
  item_id: z.number().int(),
  sku: z.string(),
  source_price_minor: z.number().int(),
  price_minor: z.number().int(),
  /** Decimal string in the site currency, e.g. "23.99". */
  price: z.string(),
  /** `template`: the finished SKU's cost through the pricing template; `converted`: the source price at the exchange rate. */
  basis: z.enum(['template', 'converted']),
});
export type MultistationItemPrice = z.infer<typeof MultistationItemPrice>;

/** `step2`: prices per target store in its currency. */
export const MultistationPrices = z.object({
  sites: z.array(
    z.object({
      market_id: z.number().int(),
      currency: z.string(),
      /** Source currency units per unit of the site currency, as used for `converted`. */
      rate: z.string(),
      items: z.array(MultistationItemPrice),
    }),
  ),
});
export type MultistationPrices = z.infer<typeof MultistationPrices>;

/** `show3`: each target's texts, machine-translated when its language differs, with forbidden-word hits. */
export const MultistationShow3 = z.object({
  sites: z.array(
    z.object({
      market_id: z.number().int(),
      language: z.string(),
      translated: z.boolean(),
      texts: MultistationTexts,
      hits: z.array(ForbidHit),
    }),
  ),
});
export type MultistationShow3 = z.infer<typeof MultistationShow3>;

/** `step3`: edited texts per target, checked for forbidden words (hits are shown, not refused). */
export const MultistationTextsInput = z.object({
  id,
  sites: z
    .array(MultistationTexts.extend({ market_id: id }))
    .min(1)
    .max(20),
});
export type MultistationTextsInput = z.infer<typeof MultistationTextsInput>;

export const MultistationTextCheck = z.object({
  sites: z.array(z.object({ market_id: z.number().int(), hits: z.array(ForbidHit) })),
});
export type MultistationTextCheck = z.infer<typeof MultistationTextCheck>;

/** `step4`: one draft per target with these prices (by source item id) and texts. */
export const MultistationCreateInput = z.object({
  id,
  sites: z
    .array(
      MultistationTexts.extend({
        market_id: id,
        items: z
          .array(z.object({ item_id: id, price_minor: z.number().int().min(0).max(1e12) }))
          .max(200),
      }),
    )
    .min(1, 'validation.choose_one_or_more')
    .max(20),
});
export type MultistationCreateInput = z.infer<typeof MultistationCreateInput>;

export const MultistationCreateResult = z.object({
  results: z.array(
    z.object({
      market_id: z.number().int(),
      listing_id: z.number().int(),
      /** False when an earlier copy's draft was updated. */
      created: z.boolean(),
    }),
  ),
});
export type MultistationCreateResult = z.infer<typeof MultistationCreateResult>;

/** `/api/common/translate`: texts for the editor. */
export const TRANSLATE_TEXTS_MAX = 50;
export const TRANSLATE_CHARS_MAX = 20_000;
const lang = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'A language code such as de or en-GB');
export const TranslateInput = z
  .object({
    texts: z.array(multilineText().max(5000)).min(1).max(TRANSLATE_TEXTS_MAX),
    source: z.union([z.literal('auto'), lang]).default('auto'),
    target: lang,
  })
  .refine((v) => v.texts.reduce((n, t) => n + t.length, 0) <= TRANSLATE_CHARS_MAX, {
    path: ['texts'],
    message: `At most ${TRANSLATE_CHARS_MAX} characters in all`,
  });
export type TranslateInput = z.infer<typeof TranslateInput>;
export const TranslateResult = z.object({
  texts: z.array(z.string()),
  provider: z.string(),
});
export type TranslateResult = z.infer<typeof TranslateResult>;
