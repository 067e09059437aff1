import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Help-center categories (`sys/article`), named in both languages. */
export const articleCategories = pgTable('article_categories', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Help articles: Markdown source per language, and its HTML rendered on save with raw HTML
 * escaped (`renderMarkdown`), so readers get stored, safe HTML. `search_text` is the lower-cased
 * text of both languages, searched with a trigram index (works for Chinese, unlike `to_tsvector`).
 */
export const articles = pgTable(
  'articles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => articleCategories.id),
    slug: text('slug').notNull(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    bodyZh: text('body_zh').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    htmlZh: text('html_zh').notNull().default(''),
    htmlEn: text('html_en').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    published: boolean('published').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('articles_slug_uq').on(t.slug),
    index('articles_category_idx').on(t.categoryId, t.sort),
    index('articles_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('articles_published_idx')
      .on(t.sort)
      .where(sql`${t.published}`),
  ],
);

/** "Was this helpful": one vote per seller user per article; voting again changes it. */
export const articleVotes = pgTable(
  'article_votes',
  {
    articleId: bigint('article_id', { mode: 'number' })
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    helpful: boolean('helpful').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] })],
);
