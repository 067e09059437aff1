import { and, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_SKU_RULE,
  formatSku,
  nextSkuSeq,
  skuDatePart,
  type GenerateSkuInput,
  type GenerateSkuResult,
  type SkuRule,
  type SkuRuleInput,
  type SkuSequence,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { withTransaction } from '../../db/tx.ts';
import { finishedSkus, generatedSkus, skuRules } from '../../db/schema.ts';
import { ConflictError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { zonedDate } from '../../time.ts';

type RuleRow = typeof skuRules.$inferSelect;

const ruleOf = (row: RuleRow | undefined): SkuRuleInput =>
  row
    ? {
        prefix: row.prefix,
        date_format: row.dateFormat,
        seq_width: row.seqWidth,
        separator: row.separator as SkuRuleInput['separator'],
      }
    : DEFAULT_SKU_RULE;

async function readRule(ctx: Ctx, forUpdate: boolean): Promise<RuleRow | undefined> {
  const q = ctx.db.select().from(skuRules).where(ownedBy(ctx, skuRules.sellerId)).limit(1);
  return (forUpdate ? await q.for('update') : await q)[0];
}

const sequenceOf = (row: RuleRow | undefined): SkuSequence => ({
  today: zonedDate(new Date()).replace(/-/g, ''),
  seq_date: row?.seqDate ?? '',
  seq: row?.nextSeq ?? 1,
});

/** The seller's rule (the default until one is saved) and where its sequence stands today. */
export async function getSkuRule(ctx: Ctx): Promise<SkuRule> {
  const row = await readRule(ctx, false);
  return { ...ruleOf(row), ...sequenceOf(row) };
}

/** Saves the rule; the sequence carries on (SKUs already handed out are never repeated). */
export async function saveSkuRule(ctx: Ctx, input: SkuRuleInput): Promise<SkuRule> {
  const values = {
    prefix: input.prefix,
    dateFormat: input.date_format,
    seqWidth: input.seq_width,
    separator: input.separator,
    updatedAt: sql`now()`,
  };
  await ctx.db
    .insert(skuRules)
    .values({ sellerId: sellerIdOf(ctx), ...values })
    .onConflictDoUpdate({ target: skuRules.sellerId, set: values });
  return getSkuRule(ctx);
}

/** Rounds of candidates before giving up: only a seller whose SKUs fill the pattern gets there. */
const MAX_ROUNDS = 20;

/**
 * The next `count` SKUs of the seller's rule. The rule row is locked for the whole
 * transaction, so parallel calls queue; a candidate equal (ignoring case) to one of the
 * seller's finished SKU codes, or to any SKU generated before, is skipped.
 */
export async function generateSkus(ctx: Ctx, input: GenerateSkuInput): Promise<GenerateSkuResult> {
  const sellerId = sellerIdOf(ctx);
  return withTransaction(ctx, async (tx) => {
    await tx.db
      .insert(skuRules)
      .values({
        sellerId,
        prefix: DEFAULT_SKU_RULE.prefix,
        dateFormat: DEFAULT_SKU_RULE.date_format,
        seqWidth: DEFAULT_SKU_RULE.seq_width,
        separator: DEFAULT_SKU_RULE.separator,
      })
      .onConflictDoNothing();
    const row = await readRule(tx, true);
    const rule = ruleOf(row);
    const state = sequenceOf(row);
    const datePart = skuDatePart(rule.date_format, state.today);
    let seq = nextSkuSeq(rule, state);
    const skus: string[] = [];
    for (let round = 0; skus.length < input.count; round++) {
      if (round === MAX_ROUNDS) {
        throw new ConflictError(
          'upc.sku_rule_exhausted',
          {},
          {
            reason: 'sku_rule_exhausted',
          },
        );
      }
      const want = input.count - skus.length;
      const candidates = Array.from({ length: want }, (_, i) => formatSku(rule, datePart, seq + i));
      seq += want;
      const lowered = candidates.map((c) => c.toLowerCase());
      const taken = new Set(
        (
          await tx.db
            .select({ code: sql<string>`lower(${finishedSkus.skuCode})` })
            .from(finishedSkus)
            .where(
              and(
                ownedBy(ctx, finishedSkus.sellerId),
                inArray(sql`lower(${finishedSkus.skuCode})`, lowered),
              ),
            )
        ).map((r) => r.code),
      );
      const fresh = candidates.filter((c) => !taken.has(c.toLowerCase()));
      if (fresh.length === 0) continue;
      const inserted = new Set(
        (
          await tx.db
            .insert(generatedSkus)
            .values(fresh.map((sku) => ({ sellerId, sku: sku.toLowerCase() })))
            .onConflictDoNothing()
            .returning({ sku: generatedSkus.sku })
        ).map((r) => r.sku),
      );
      skus.push(...fresh.filter((c) => inserted.has(c.toLowerCase())));
    }
    await tx.db
      .update(skuRules)
      .set({ nextSeq: seq, seqDate: datePart })
      .where(ownedBy(ctx, skuRules.sellerId));
    return { skus };
  });
}
