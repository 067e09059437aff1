import { z } from 'zod';
import { multilineText, pageResultOf, queryInt, text } from './common.ts';

const id = z.number().int().positive();
const unix = z.number().int();
const listQuery = {
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  keyword: text().trim().max(100).optional(),
};

/** The four text template kinds; each is a path segment of `/api/template/<kind>/*`. */
export const TEXT_TEMPLATE_KINDS = [
  'goods-item',
  'five-point-describe',
  'keyword',
  'describe',
] as const;
export type TextTemplateKind = (typeof TEXT_TEMPLATE_KINDS)[number];

export const TEXT_TEMPLATE_CONTENT_MAX = 20000;

/** A text template; for `five-point-describe` each line of `content` is one bullet. */
export const TextTemplate = z.object({
  id: z.number().int(),
  kind: z.enum(TEXT_TEMPLATE_KINDS),
  name: z.string(),
  content: z.string(),
  created_at: unix,
  updated_at: unix,
});
export type TextTemplate = z.infer<typeof TextTemplate>;

const templateFields = {
  name: text().trim().min(1, 'validation.required').max(100),
  content: multilineText().trim().min(1, 'validation.required').max(TEXT_TEMPLATE_CONTENT_MAX),
};
export const TextTemplateInput = z.object(templateFields);
export type TextTemplateInput = z.infer<typeof TextTemplateInput>;
export const TextTemplateUpdateInput = z.object({ id, ...templateFields });
export type TextTemplateUpdateInput = z.infer<typeof TextTemplateUpdateInput>;
export const TextTemplateQuery = z.object(listQuery);
export type TextTemplateQuery = z.infer<typeof TextTemplateQuery>;
export const TextTemplatePage = pageResultOf(TextTemplate);
export type TextTemplatePage = z.infer<typeof TextTemplatePage>;

/**
 * How a converted price is rounded, in the site currency: `none` to the nearest minor unit,
 * `cent` to the nearest 0.01, `end99` up to the next .99, `end49_99` up to the next .49 or .99,
 * `whole` up to the next whole unit. Currencies without cents (JPY, VND) round up to whole
 * units for the three "up" rules.
 */
export const ROUNDING_RULES = ['none', 'cent', 'end99', 'end49_99', 'whole'] as const;
export type RoundingRule = (typeof ROUNDING_RULES)[number];

/** 100% = 10,000 basis points; a fee rate must stay below 100% or no price covers it. */
export const BASIS_POINTS = 10000;

/** Amounts are CNY fen; margin and fee rate are basis points, so the arithmetic stays exact. */
export const PricingRule = z.object({
  shipping_minor: z.number().int().min(0).max(100_000_000).default(0),
  fixed_fee_minor: z.number().int().min(0).max(100_000_000).default(0),
  margin_bp: z
    .number()
    .int()
    .min(0)
    .max(100 * BASIS_POINTS),
  fee_rate_bp: z
    .number()
    .int()
    .min(0)
    .max(BASIS_POINTS - 1, 'validation.fee_rate_below_100'),
  rounding: z.enum(ROUNDING_RULES).default('none'),
});
export type PricingRule = z.infer<typeof PricingRule>;

export const PricingTemplate = PricingRule.extend({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  created_at: unix,
  updated_at: unix,
});
export type PricingTemplate = z.infer<typeof PricingTemplate>;

/** Creates when `id` is absent, updates otherwise. */
export const PricingTemplateInput = PricingRule.extend({
  id: id.optional(),
  name: text().trim().min(1, 'validation.required').max(100),
  remark: multilineText().trim().max(200).default(''),
});
export type PricingTemplateInput = z.infer<typeof PricingTemplateInput>;
export const PricingTemplateQuery = z.object(listQuery);
export type PricingTemplateQuery = z.infer<typeof PricingTemplateQuery>;
export const PricingTemplatePage = pageResultOf(PricingTemplate);
export type PricingTemplatePage = z.infer<typeof PricingTemplatePage>;

/** A saved template by id, or an unsaved one (the editor's live preview); `site` is a market site id. */
export const PlanSaleInput = z
  .object({
    template_id: id.optional(),
    template: PricingRule.optional(),
    cost_minor: z.number().int().min(0).max(100_000_000),
    site: id,
  })
  .refine((v) => (v.template_id === undefined) !== (v.template === undefined), {
    message: 'validation.either_required',
    path: ['template_id'],
  });
export type PlanSaleInput = z.infer<typeof PlanSaleInput>;

export const PRICE_STEPS = ['base', 'margin', 'fee', 'convert', 'round'] as const;
export type PriceStepName = (typeof PRICE_STEPS)[number];

/** One step of the price: the amount after it, in major units of `currency`, exact to 4 places. */
export const PriceStep = z.object({
  step: z.enum(PRICE_STEPS),
  currency: z.string(),
  amount: z.string(),
});
export type PriceStep = z.infer<typeof PriceStep>;

export const PlanSale = z.object({
  currency: z.string(),
  /** CNY per one unit of `currency`. */
  rate: z.string(),
  price_minor: z.number().int(),
  /** The price in major units, e.g. "12.99". */
  price: z.string(),
  breakdown: z.array(PriceStep),
});
export type PlanSale = z.infer<typeof PlanSale>;

const currency = text()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'A three-letter currency code')
  .transform((c) => c.toUpperCase());
/** Both or neither: without them, every rate into CNY. */
export const ExchangeRateQuery = z
  .object({ from: currency.optional(), to: currency.optional() })
  .refine((v) => (v.from === undefined) === (v.to === undefined), {
    message: 'validation.both_or_neither',
    path: ['to'],
  });
export type ExchangeRateQuery = z.infer<typeof ExchangeRateQuery>;
export const ExchangeRate = z.object({
  from: z.string(),
  to: z.string(),
  /** Units of `to` per one unit of `from`, as a decimal string. */
  rate: z.string(),
  updated_at: unix,
});
export type ExchangeRate = z.infer<typeof ExchangeRate>;
export const ExchangeRates = z.object({ list: z.array(ExchangeRate) });
export type ExchangeRates = z.infer<typeof ExchangeRates>;

const checked = (max: number) => text().max(max).default('');
/** The texts of a listing to check; `market_id` is a store id whose exempt brands apply too. */
export const ForbidCheckInput = z.object({
  title: checked(1000),
  bullets: z.array(text().max(2000)).max(10).default([]),
  description: multilineText().max(TEXT_TEMPLATE_CONTENT_MAX).default(''),
  keywords: checked(2000),
  market_id: id.optional(),
});
export type ForbidCheckInput = z.infer<typeof ForbidCheckInput>;

/** `field` is `title`, `description`, `keywords` or `bullets.<index>`; start/end are string offsets. */
export const ForbidHit = z.object({
  field: z.string(),
  word: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  source: z.enum(['platform', 'seller']),
});
export type ForbidHit = z.infer<typeof ForbidHit>;
export const ForbidCheckResult = z.object({ hits: z.array(ForbidHit) });
export type ForbidCheckResult = z.infer<typeof ForbidCheckResult>;
export const ForbidVerifyResult = z.object({ ok: z.boolean(), hits: z.array(ForbidHit) });
export type ForbidVerifyResult = z.infer<typeof ForbidVerifyResult>;

export const ForbidWord = z.object({
  id: z.number().int(),
  word: z.string(),
  remark: z.string(),
  created_at: unix,
});
export type ForbidWord = z.infer<typeof ForbidWord>;
/** Creates when `id` is absent, updates otherwise; a word is unique per seller, ignoring case. */
export const ForbidWordInput = z.object({
  id: id.optional(),
  word: text().trim().min(1, 'validation.required').max(100),
  remark: multilineText().trim().max(200).default(''),
});
export type ForbidWordInput = z.infer<typeof ForbidWordInput>;
export const ForbidWordQuery = z.object(listQuery);
export type ForbidWordQuery = z.infer<typeof ForbidWordQuery>;
export const ForbidWordPage = pageResultOf(ForbidWord);
export type ForbidWordPage = z.infer<typeof ForbidWordPage>;
