import {
  AMAZON_TITLE_MAX,
  BULLET_POINT_COUNT,
  renderTemplate,
  type ListingTemplateChoice,
  type PlaceholderValues,
  type PricingRule,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { pricingTemplates, textTemplates } from '../../db/schema.ts';
import { ValidationError } from '../../errors.ts';
import { findOwned } from '../../tenancy.ts';
import { priceFor, rateToBase } from '../templates/index.ts';

export const NEUTRAL_RULE: PricingRule = {
  shipping_minor: 0,
  fixed_fee_minor: 0,
  margin_bp: 0,
  fee_rate_bp: 0,
  rounding: 'cent',
};

export interface Texts {
  title?: string;
  bullets?: string[];
  keywords?: string;
  describe?: string;
}

/** Step 4 texts from the chosen templates, placeholders filled with the product's values. */
export async function textsFromTemplates(
  ctx: Ctx,
  choice: ListingTemplateChoice,
  values: PlaceholderValues,
): Promise<Texts> {
  const load = async (id: number | undefined, kind: string) => {
    if (id === undefined) return null;
    const row = await findOwned(ctx, textTemplates, id, 'listings.template_not_found');
    if (row.kind !== kind)
      throw new ValidationError({
        templates: { key: 'listings.template_wrong_kind', params: { id, kind } },
      });
    return renderTemplate(row.content, values).text.trim();
  };
  const [title, five, keywords, describe] = await Promise.all([
    load(choice.goods_item, 'goods-item'),
    load(choice.five_point, 'five-point-describe'),
    load(choice.keyword, 'keyword'),
    load(choice.describe, 'describe'),
  ]);
  return {
    ...(title !== null ? { title: title.slice(0, AMAZON_TITLE_MAX * 2) } : {}),
    ...(five !== null
      ? {
          bullets: five
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean)
            .slice(0, BULLET_POINT_COUNT),
        }
      : {}),
    ...(keywords !== null ? { keywords } : {}),
    ...(describe !== null ? { describe } : {}),
  };
}

/** A price rule by template id (404 for another seller's), or the plain conversion. */
export async function pricingRule(ctx: Ctx, templateId: number | undefined): Promise<PricingRule> {
  if (templateId === undefined) return NEUTRAL_RULE;
  const row = await findOwned(
    ctx,
    pricingTemplates,
    templateId,
    'listings.pricing_template_not_found',
  );
  return {
    shipping_minor: row.shippingMinor,
    fixed_fee_minor: row.fixedFeeMinor,
    margin_bp: row.marginBp,
    fee_rate_bp: row.feeRateBp,
    rounding: row.rounding,
  };
}

/** The site price in minor units for a CNY amount in fen, by the rule. */
export async function sitePrice(
  ctx: Ctx,
  rule: PricingRule,
  costMinor: number,
  currency: string,
): Promise<number> {
  const rate = await rateToBase(ctx, currency);
  if (!rate)
    throw new ValidationError({
      market_id: { key: 'listings.no_exchange_rate', params: { currency } },
    });
  return priceFor(rule, costMinor, currency, rate.rate).price_minor;
}
