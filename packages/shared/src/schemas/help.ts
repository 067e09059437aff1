import { z } from 'zod';
import { IdInput, multilineText, pageResultOf, queryInt, text } from './common.ts';

/**
 * The help center: operators write articles in both languages (`sys/article`), sellers and
 * visitors read the published ones (`common/get-article-list`, `/help`).
 */

/** An article's stable name, used by links from empty states and error messages. */
const slug = text()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'validation.slug');
const title = text().trim().min(1).max(120);
/** Markdown; raw HTML in it is shown as text, never run. */
const body = multilineText().max(50_000);
const sort = z.number().int().min(0).max(9999);

const categoryFields = {
  name_zh: text().trim().min(1).max(40),
  name_en: text().trim().min(1).max(60),
  sort,
};
export const ArticleCategoryInput = z.object({ ...categoryFields, sort: sort.default(0) });
export type ArticleCategoryInput = z.infer<typeof ArticleCategoryInput>;
/** Only the fields sent change (no defaults here, or they would overwrite). */
export const ArticleCategoryUpdateInput = z.object(categoryFields).partial().extend(IdInput.shape);
export type ArticleCategoryUpdateInput = z.infer<typeof ArticleCategoryUpdateInput>;

export const ArticleCategory = z.object({
  id: z.number().int(),
  name_zh: z.string(),
  name_en: z.string(),
  sort: z.number().int(),
  /** Articles in it (every one for operators, the published ones for readers). */
  count: z.number().int(),
});
export type ArticleCategory = z.infer<typeof ArticleCategory>;
export const ArticleCategoryList = z.object({ list: z.array(ArticleCategory) });
export type ArticleCategoryList = z.infer<typeof ArticleCategoryList>;

const articleFields = {
  category_id: z.number().int().positive(),
  slug,
  title_zh: title,
  title_en: title,
  body_zh: body,
  body_en: body,
  published: z.boolean(),
  sort,
};
export const ArticleInput = z.object({
  ...articleFields,
  published: articleFields.published.default(false),
  sort: sort.default(0),
});
export type ArticleInput = z.infer<typeof ArticleInput>;
export const ArticleUpdateInput = z.object(articleFields).partial().extend(IdInput.shape);
export type ArticleUpdateInput = z.infer<typeof ArticleUpdateInput>;

const unix = z.number().int();

/** The operator's view: both languages, the Markdown source, the votes. */
export const AdminArticle = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  slug: z.string(),
  title_zh: z.string(),
  title_en: z.string(),
  body_zh: z.string(),
  body_en: z.string(),
  published: z.boolean(),
  sort: z.number().int(),
  helpful_yes: z.number().int(),
  helpful_no: z.number().int(),
  created_at: unix,
  updated_at: unix,
});
export type AdminArticle = z.infer<typeof AdminArticle>;
export const AdminArticlePage = pageResultOf(AdminArticle);
export type AdminArticlePage = z.infer<typeof AdminArticlePage>;

export const AdminArticleQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  category_id: queryInt(z.number().int().positive()).optional(),
  keyword: text().trim().max(64).optional(),
  published: z.enum(['0', '1']).optional(),
});
export type AdminArticleQuery = z.infer<typeof AdminArticleQuery>;

/** `GET /common/get-article-list`: published articles, by category and/or words, in both languages. */
export const ArticleListQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(100)).default(50),
  category_id: queryInt(z.number().int().positive()).optional(),
  /** Words found anywhere in the title or body, in either language (Chinese included). */
  keyword: text().trim().max(64).optional(),
});
export type ArticleListQuery = z.infer<typeof ArticleListQuery>;

/** A reader's view, in the request's language (the other one when it is empty). */
export const ArticleSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  category_id: z.number().int(),
  title: z.string(),
  /** The first words of the body as plain text. */
  summary: z.string(),
  updated_at: unix,
});
export type ArticleSummary = z.infer<typeof ArticleSummary>;
export const ArticleListResult = pageResultOf(ArticleSummary).extend({
  categories: z.array(
    z.object({ id: z.number().int(), name: z.string(), count: z.number().int() }),
  ),
});
export type ArticleListResult = z.infer<typeof ArticleListResult>;

/** `GET /common/article-info`: by id or by slug. */
export const ArticleInfoQuery = z
  .object({
    id: queryInt(z.number().int().positive()).optional(),
    slug: text().trim().max(64).optional(),
  })
  .refine((q) => q.id !== undefined || q.slug !== undefined, {
    message: 'validation.either_required',
    path: ['id'],
  });
export type ArticleInfoQuery = z.infer<typeof ArticleInfoQuery>;

export const ArticleVotes = z.object({
  helpful_yes: z.number().int(),
  helpful_no: z.number().int(),
  /** The reader's own vote; null when they have not voted or are not signed in. */
  my_vote: z.boolean().nullable(),
});
export type ArticleVotes = z.infer<typeof ArticleVotes>;

export const ArticleDetail = ArticleSummary.extend({
  category_name: z.string(),
  /** The body rendered from Markdown with raw HTML escaped: safe to insert as is. */
  body_html: z.string(),
}).extend(ArticleVotes.shape);
export type ArticleDetail = z.infer<typeof ArticleDetail>;

/** `POST /common/article-vote`: one vote per user per article; voting again changes it. */
export const ArticleVoteInput = IdInput.extend({ helpful: z.boolean() });
export type ArticleVoteInput = z.infer<typeof ArticleVoteInput>;
