import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type {
  IdsInput,
  MediaBatchResult,
  TextTemplate,
  TextTemplateInput,
  TextTemplateKind,
  TextTemplatePage,
  TextTemplateQuery,
  TextTemplateUpdateInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { textTemplates } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { containsPattern } from '../goods-library/service.ts';

type Row = typeof textTemplates.$inferSelect;

const toTextTemplate = (row: Row): TextTemplate => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  content: row.content,
  created_at: unixSeconds(row.createdAt),
  updated_at: unixSeconds(row.updatedAt),
});

const ofKind = (ctx: Ctx, kind: TextTemplateKind) =>
  and(ownedBy(ctx, textTemplates.sellerId), eq(textTemplates.kind, kind))!;

/** Newest first; the keyword matches the name or the content. */
export async function listTextTemplates(
  ctx: Ctx,
  kind: TextTemplateKind,
  q: TextTemplateQuery,
): Promise<TextTemplatePage> {
  const pattern = q.keyword ? containsPattern(q.keyword) : undefined;
  const where = and(
    ofKind(ctx, kind),
    pattern
      ? or(ilike(textTemplates.name, pattern), ilike(textTemplates.content, pattern))
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(textTemplates)
      .where(where)
      .orderBy(desc(textTemplates.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(textTemplates).where(where),
  ]);
  return {
    list: rows.map(toTextTemplate),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

export async function createTextTemplate(
  ctx: Ctx,
  kind: TextTemplateKind,
  input: TextTemplateInput,
): Promise<TextTemplate> {
  const [row] = await ctx.db
    .insert(textTemplates)
    .values({ sellerId: sellerIdOf(ctx), kind, name: input.name, content: input.content })
    .returning();
  return toTextTemplate(row!);
}

/** Another seller's template, or one of another kind, is a 404. */
export async function updateTextTemplate(
  ctx: Ctx,
  kind: TextTemplateKind,
  input: TextTemplateUpdateInput,
): Promise<TextTemplate> {
  const [row] = await ctx.db
    .update(textTemplates)
    .set({ name: input.name, content: input.content, updatedAt: new Date() })
    .where(and(eq(textTemplates.id, input.id), ofKind(ctx, kind)))
    .returning();
  if (!row) throw new NotFoundError('templates.template_not_found');
  return toTextTemplate(row);
}

export async function deleteTextTemplates(
  ctx: Ctx,
  kind: TextTemplateKind,
  input: IdsInput,
): Promise<MediaBatchResult> {
  const removed = await ctx.db
    .delete(textTemplates)
    .where(and(inArray(textTemplates.id, input.ids), ofKind(ctx, kind)))
    .returning({ id: textTemplates.id });
  const gone = new Set(removed.map((r) => r.id));
  return {
    results: input.ids.map((id) => ({
      id,
      ok: gone.has(id),
      reason: gone.has(id) ? null : 'not_found',
    })),
  };
}
