import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import {
  marketSiteById,
  type IdsInput,
  type MediaBatchResult,
  type PlanSale,
  type PlanSaleInput,
  type PricingRule,
  type PricingTemplate,
  type PricingTemplateInput,
  type PricingTemplatePage,
  type PricingTemplateQuery,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { pricingTemplates } from '../../db/schema.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { findOwned, ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { containsPattern } from '../goods-library/service.ts';
import { rateToBase } from './exchange-rates.ts';
import { priceFor } from './pricing.ts';

type Row = typeof pricingTemplates.$inferSelect;

const ruleOf = (row: Row): PricingRule => ({
  shipping_minor: row.shippingMinor,
  fixed_fee_minor: row.fixedFeeMinor,
  margin_bp: row.marginBp,
  fee_rate_bp: row.feeRateBp,
  rounding: row.rounding,
});

const toPricingTemplate = (row: Row): PricingTemplate => ({
  id: row.id,
  name: row.name,
  remark: row.remark,
  ...ruleOf(row),
  created_at: unixSeconds(row.createdAt),
  updated_at: unixSeconds(row.updatedAt),
});

export async function listPricingTemplates(
  ctx: Ctx,
  q: PricingTemplateQuery,
): Promise<PricingTemplatePage> {
  const where = and(
    ownedBy(ctx, pricingTemplates.sellerId),
    q.keyword ? ilike(pricingTemplates.name, containsPattern(q.keyword)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(pricingTemplates)
      .where(where)
      .orderBy(desc(pricingTemplates.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(pricingTemplates).where(where),
  ]);
  return {
    list: rows.map(toPricingTemplate),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

/** Creates, or updates the seller's template `id` (another seller's id is a 404). */
export async function storePricingTemplate(
  ctx: Ctx,
  input: PricingTemplateInput,
): Promise<PricingTemplate> {
  const values = {
    name: input.name,
    remark: input.remark,
    shippingMinor: input.shipping_minor,
    fixedFeeMinor: input.fixed_fee_minor,
    marginBp: input.margin_bp,
    feeRateBp: input.fee_rate_bp,
    rounding: input.rounding,
  };
  if (input.id === undefined) {
    const [row] = await ctx.db
      .insert(pricingTemplates)
      .values({ ...values, sellerId: sellerIdOf(ctx) })
      .returning();
    return toPricingTemplate(row!);
  }
  const [row] = await ctx.db
    .update(pricingTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(pricingTemplates.id, input.id), ownedBy(ctx, pricingTemplates.sellerId)))
    .returning();
  if (!row) throw new NotFoundError('templates.pricing_template_not_found');
  return toPricingTemplate(row);
}

export async function deletePricingTemplates(ctx: Ctx, input: IdsInput): Promise<MediaBatchResult> {
  const removed = await ctx.db
    .delete(pricingTemplates)
    .where(and(inArray(pricingTemplates.id, input.ids), ownedBy(ctx, pricingTemplates.sellerId)))
    .returning({ id: pricingTemplates.id });
  const gone = new Set(removed.map((r) => r.id));
  return {
    results: input.ids.map((id) => ({
      id,
      ok: gone.has(id),
      reason: gone.has(id) ? null : 'not_found',
    })),
  };
}

/** The selling price on a site for a cost, by a saved template or an unsaved one. */
export async function planSale(ctx: Ctx, input: PlanSaleInput): Promise<PlanSale> {
  const site = marketSiteById(input.site);
  if (!site) throw new ValidationError({ site: 'templates.unknown_site' });
  const rule =
    input.template ??
    ruleOf(
      await findOwned(
        ctx,
        pricingTemplates,
        input.template_id!,
        'templates.pricing_template_not_found',
      ),
    );
  const rate = await rateToBase(ctx, site.currency);
  if (!rate)
    throw new ValidationError({
      site: { key: 'templates.no_exchange_rate', params: { currency: site.currency } },
    });
  return priceFor(rule, input.cost_minor, site.currency, rate.rate);
}
