import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  markdownToText,
  renderMarkdown,
  type AdminArticle,
  type AdminArticlePage,
  type AdminArticleQuery,
  type ArticleCategory,
  type ArticleCategoryInput,
  type ArticleCategoryList,
  type ArticleCategoryUpdateInput,
  type ArticleDetail,
  type ArticleInfoQuery,
  type ArticleInput,
  type ArticleListQuery,
  type ArticleListResult,
  type ArticleUpdateInput,
  type ArticleVoteInput,
  type ArticleVotes,
  type IdInput,
  type IdsInput,
  type Language,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { articleCategories, articles, articleVotes } from '../../db/schema.ts';
import { refuseDuplicate } from '../../db/unique.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { unixSeconds } from '../../time.ts';
import { searchTextContains } from '../goods-library/service.ts';

type ArticleRow = typeof articles.$inferSelect;
type CategoryRow = typeof articleCategories.$inferSelect;

const SUMMARY_CHARS = 120;

/** The stored forms of an article's Markdown: safe HTML per language and the search text. */
function derived(row: Pick<ArticleRow, 'slug' | 'titleZh' | 'titleEn' | 'bodyZh' | 'bodyEn'>) {
  return {
    htmlZh: renderMarkdown(row.bodyZh),
    htmlEn: renderMarkdown(row.bodyEn),
    searchText: [
      row.titleZh,
      row.titleEn,
      row.slug,
      markdownToText(row.bodyZh),
      markdownToText(row.bodyEn),
    ]
      .join(' ')
      .toLowerCase(),
  };
}

/** The reader's language, the other one where this one is empty. */
const inLang = (lang: Language, zh: string, en: string) => (lang === 'en' ? en || zh : zh || en);

// ---- operators: categories -------------------------------------------------------------------

async function categoryCounts(db: Executor, publishedOnly: boolean): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: articles.categoryId, n: count() })
    .from(articles)
    .where(publishedOnly ? eq(articles.published, true) : undefined)
    .groupBy(articles.categoryId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

const toCategory = (row: CategoryRow, counts: Map<number, number>): ArticleCategory => ({
  id: row.id,
  name_zh: row.nameZh,
  name_en: row.nameEn,
  sort: row.sort,
  count: counts.get(row.id) ?? 0,
});

const categoriesInOrder = (db: Executor) =>
  db
    .select()
    .from(articleCategories)
    .orderBy(asc(articleCategories.sort), asc(articleCategories.id));

export async function listCategories(ctx: Ctx): Promise<ArticleCategoryList> {
  const [rows, counts] = await Promise.all([
    categoriesInOrder(ctx.db),
    categoryCounts(ctx.db, false),
  ]);
  return { list: rows.map((row) => toCategory(row, counts)) };
}

async function findCategory(db: Executor, id: number, field?: string): Promise<CategoryRow> {
  const [row] = await db
    .select()
    .from(articleCategories)
    .where(eq(articleCategories.id, id))
    .limit(1);
  if (row) return row;
  // A category named by an article's field is bad input there; by its own id, a missing row.
  if (field) throw new ValidationError({ [field]: 'help.category_not_found' });
  throw new NotFoundError('help.category_not_found');
}

export async function addCategory(ctx: Ctx, input: ArticleCategoryInput): Promise<ArticleCategory> {
  const [row] = await ctx.db
    .insert(articleCategories)
    .values({ nameZh: input.name_zh, nameEn: input.name_en, sort: input.sort })
    .returning();
  return toCategory(row!, new Map());
}

export async function updateCategory(
  ctx: Ctx,
  input: ArticleCategoryUpdateInput,
): Promise<ArticleCategory> {
  await findCategory(ctx.db, input.id);
  const [row] = await ctx.db
    .update(articleCategories)
    .set({
      ...(input.name_zh !== undefined ? { nameZh: input.name_zh } : {}),
      ...(input.name_en !== undefined ? { nameEn: input.name_en } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
    })
    .where(eq(articleCategories.id, input.id))
    .returning();
  return toCategory(row!, await categoryCounts(ctx.db, false));
}

/** A category that still holds articles is kept (409): move or delete them first. */
export async function deleteCategories(ctx: Ctx, input: IdsInput): Promise<{ deleted: number }> {
  const [used] = await ctx.db
    .select({ n: count() })
    .from(articles)
    .where(inArray(articles.categoryId, input.ids));
  if (used && used.n > 0) throw new ConflictError('help.category_not_empty', { count: used.n });
  const deleted = await ctx.db
    .delete(articleCategories)
    .where(inArray(articleCategories.id, input.ids))
    .returning({ id: articleCategories.id });
  if (!deleted.length) throw new NotFoundError('help.category_not_found');
  return { deleted: deleted.length };
}

// ---- operators: articles ---------------------------------------------------------------------

async function votesOf(
  db: Executor,
  ids: number[],
): Promise<Map<number, { yes: number; no: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: articleVotes.articleId,
      yes: sql<number>`count(*) filter (where ${articleVotes.helpful})`.mapWith(Number),
      no: sql<number>`count(*) filter (where not ${articleVotes.helpful})`.mapWith(Number),
    })
    .from(articleVotes)
    .where(inArray(articleVotes.articleId, ids))
    .groupBy(articleVotes.articleId);
  return new Map(rows.map((r) => [r.id, { yes: r.yes, no: r.no }]));
}

const toAdminArticle = (
  row: ArticleRow,
  votes: Map<number, { yes: number; no: number }>,
): AdminArticle => ({
  id: row.id,
  category_id: row.categoryId,
  slug: row.slug,
  title_zh: row.titleZh,
  title_en: row.titleEn,
  body_zh: row.bodyZh,
  body_en: row.bodyEn,
  published: row.published,
  sort: row.sort,
  helpful_yes: votes.get(row.id)?.yes ?? 0,
  helpful_no: votes.get(row.id)?.no ?? 0,
  created_at: unixSeconds(row.createdAt),
  updated_at: unixSeconds(row.updatedAt),
});

async function findArticle(db: Executor, id: number): Promise<ArticleRow> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  if (!row) throw new NotFoundError('help.article_not_found');
  return row;
}

const uniqueSlug = (db: Executor, slug: string | undefined) => ({
  constraint: 'articles_slug_uq',
  key: 'help.slug_taken' as const,
  existingId: async () => {
    if (slug === undefined) return null;
    const [row] = await db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.slug, slug))
      .limit(1);
    return row?.id ?? null;
  },
});

export async function pageArticles(ctx: Ctx, q: AdminArticleQuery): Promise<AdminArticlePage> {
  const where = and(
    q.category_id ? eq(articles.categoryId, q.category_id) : undefined,
    q.published ? eq(articles.published, q.published === '1') : undefined,
    ...keywordTerms(q.keyword).map((term) => searchTextContains(articles.searchText, term)),
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(articles)
      .where(where)
      .orderBy(asc(articles.categoryId), asc(articles.sort), asc(articles.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(articles).where(where),
  ]);
  const votes = await votesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((row) => toAdminArticle(row, votes)),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

export async function articleInfo(ctx: Ctx, input: IdInput): Promise<AdminArticle> {
  const row = await findArticle(ctx.db, input.id);
  return toAdminArticle(row, await votesOf(ctx.db, [row.id]));
}

/** Inserts an article, its safe HTML and search text derived from the Markdown. */
export async function insertArticle(db: Executor, input: ArticleInput): Promise<ArticleRow> {
  await findCategory(db, input.category_id, 'category_id');
  const values = {
    categoryId: input.category_id,
    slug: input.slug,
    titleZh: input.title_zh,
    titleEn: input.title_en,
    bodyZh: input.body_zh,
    bodyEn: input.body_en,
    published: input.published,
    sort: input.sort,
  };
  const [row] = await refuseDuplicate(
    () =>
      db
        .insert(articles)
        .values({ ...values, ...derived(values) })
        .returning(),
    uniqueSlug(db, input.slug),
  );
  return row!;
}

export async function addArticle(ctx: Ctx, input: ArticleInput): Promise<AdminArticle> {
  return toAdminArticle(await insertArticle(ctx.db, input), new Map());
}

export async function updateArticle(ctx: Ctx, input: ArticleUpdateInput): Promise<AdminArticle> {
  const current = await findArticle(ctx.db, input.id);
  if (input.category_id !== undefined) await findCategory(ctx.db, input.category_id, 'category_id');
  const next = {
    categoryId: input.category_id ?? current.categoryId,
    slug: input.slug ?? current.slug,
    titleZh: input.title_zh ?? current.titleZh,
    titleEn: input.title_en ?? current.titleEn,
    bodyZh: input.body_zh ?? current.bodyZh,
    bodyEn: input.body_en ?? current.bodyEn,
    published: input.published ?? current.published,
    sort: input.sort ?? current.sort,
  };
  const [row] = await refuseDuplicate(
    () =>
      ctx.db
        .update(articles)
        .set({ ...next, ...derived(next), updatedAt: sql`now()` })
        .where(eq(articles.id, input.id))
        .returning(),
    uniqueSlug(ctx.db, input.slug),
  );
  return toAdminArticle(row!, await votesOf(ctx.db, [row!.id]));
}

export async function deleteArticles(ctx: Ctx, input: IdsInput): Promise<{ deleted: number }> {
  const deleted = await ctx.db
    .delete(articles)
    .where(inArray(articles.id, input.ids))
    .returning({ id: articles.id });
  if (!deleted.length) throw new NotFoundError('help.article_not_found');
  return { deleted: deleted.length };
}

// ---- readers ----------------------------------------------------------------------------------

/** Every word must appear (`授权 amazon`); Chinese has no spaces, so a phrase is one term. */
function keywordTerms(keyword: string | undefined): string[] {
  return keyword ? keyword.split(/\s+/).filter(Boolean).slice(0, 8) : [];
}

/** Published articles by category and words, in the reader's language, with the categories. */
export async function listPublishedArticles(
  ctx: Ctx,
  q: ArticleListQuery,
): Promise<ArticleListResult> {
  const where = and(
    eq(articles.published, true),
    q.category_id ? eq(articles.categoryId, q.category_id) : undefined,
    ...keywordTerms(q.keyword).map((term) => searchTextContains(articles.searchText, term)),
  );
  const [rows, [counted], categories, counts] = await Promise.all([
    ctx.db
      .select()
      .from(articles)
      .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(where)
      .orderBy(asc(articleCategories.sort), asc(articles.sort), asc(articles.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(articles).where(where),
    categoriesInOrder(ctx.db),
    categoryCounts(ctx.db, true),
  ]);
  return {
    categories: categories
      .filter((c) => (counts.get(c.id) ?? 0) > 0)
      .map((c) => ({
        id: c.id,
        name: inLang(ctx.lang, c.nameZh, c.nameEn),
        count: counts.get(c.id)!,
      })),
    list: rows.map(({ articles: row }) => {
      const text = markdownToText(inLang(ctx.lang, row.bodyZh, row.bodyEn));
      return {
        id: row.id,
        slug: row.slug,
        category_id: row.categoryId,
        title: inLang(ctx.lang, row.titleZh, row.titleEn),
        summary: text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS)}…` : text,
        updated_at: unixSeconds(row.updatedAt),
      };
    }),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

async function votesFor(ctx: Ctx, articleId: number): Promise<ArticleVotes> {
  const tally = (await votesOf(ctx.db, [articleId])).get(articleId) ?? { yes: 0, no: 0 };
  let mine: boolean | null = null;
  if (ctx.actor.kind === 'user') {
    const [vote] = await ctx.db
      .select({ helpful: articleVotes.helpful })
      .from(articleVotes)
      .where(and(eq(articleVotes.articleId, articleId), eq(articleVotes.userId, ctx.actor.userId)))
      .limit(1);
    mine = vote?.helpful ?? null;
  }
  return { helpful_yes: tally.yes, helpful_no: tally.no, my_vote: mine };
}

async function findPublished(ctx: Ctx, where: ArticleInfoQuery): Promise<ArticleRow> {
  const [row] = await ctx.db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.published, true),
        where.id !== undefined ? eq(articles.id, where.id) : eq(articles.slug, where.slug!),
      ),
    )
    .limit(1);
  if (!row) throw new NotFoundError('help.article_not_found');
  return row;
}

/** A published article by id or slug; an unpublished one is not found. */
export async function publishedArticle(ctx: Ctx, q: ArticleInfoQuery): Promise<ArticleDetail> {
  const row = await findPublished(ctx, q);
  const category = await findCategory(ctx.db, row.categoryId);
  const body = inLang(ctx.lang, row.bodyZh, row.bodyEn);
  const text = markdownToText(body);
  return {
    id: row.id,
    slug: row.slug,
    category_id: row.categoryId,
    category_name: inLang(ctx.lang, category.nameZh, category.nameEn),
    title: inLang(ctx.lang, row.titleZh, row.titleEn),
    summary: text.slice(0, SUMMARY_CHARS),
    body_html: ctx.lang === 'en' ? row.htmlEn || row.htmlZh : row.htmlZh || row.htmlEn,
    updated_at: unixSeconds(row.updatedAt),
    ...(await votesFor(ctx, row.id)),
  };
}

/** "Was this helpful": one vote per user per article; voting again replaces it. */
export async function voteArticle(ctx: Ctx, input: ArticleVoteInput): Promise<ArticleVotes> {
  if (ctx.actor.kind !== 'user') throw new ForbiddenError();
  const row = await findPublished(ctx, { id: input.id });
  await ctx.db
    .insert(articleVotes)
    .values({ articleId: row.id, userId: ctx.actor.userId, helpful: input.helpful })
    .onConflictDoUpdate({
      target: [articleVotes.articleId, articleVotes.userId],
      set: { helpful: input.helpful, at: sql`now()` },
    });
  return votesFor(ctx, row.id);
}
