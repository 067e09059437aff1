import { z } from 'zod';
import {
  AdminArticle,
  AdminArticlePage,
  AdminArticleQuery,
  ArticleCategory,
  ArticleCategoryInput,
  ArticleCategoryList,
  ArticleCategoryUpdateInput,
  ArticleDetail,
  ArticleInfoQuery,
  ArticleInput,
  ArticleListQuery,
  ArticleListResult,
  ArticleUpdateInput,
  ArticleVoteInput,
  ArticleVotes,
  IdQuery,
  IdsInput,
  permOf,
} from '@app/shared';
import type { Access } from '../../http/access.ts';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import {
  addArticle,
  addCategory,
  articleInfo,
  deleteArticles,
  deleteCategories,
  listCategories,
  listPublishedArticles,
  pageArticles,
  publishedArticle,
  updateArticle,
  updateCategory,
  voteArticle,
} from './service.ts';

/** `sys:article:<list|add|update|delete>`: one set of keys for articles and their categories. */
const PAGE = '/sys/article';
const can = (action: 'list' | 'add' | 'update' | 'delete'): { access: Access } => ({
  access: { auth: 'admin', perm: permOf(PAGE, action) },
});
const Deleted = z.object({ deleted: z.number().int() });

/** The help center: operators write it under `/api/sys/article/*`; readers use `/api/common/*`. */
export function registerHelpRoutes(app: App): void {
  const admin = ['sys/article'];
  const common = ['common'];
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/article/category-list',
      tags: admin,
      summary: 'Help categories with their article counts',
      response: ArticleCategoryList,
      ...can('list'),
    },
    (ctx) => listCategories(ctx),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/article/category-add',
      tags: admin,
      summary: 'Add a help category (names in zh-CN and en)',
      body: ArticleCategoryInput,
      response: ArticleCategory,
      ...can('add'),
    },
    (ctx, input) => addCategory(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/article/category-update',
      tags: admin,
      summary: 'Rename or reorder a help category',
      body: ArticleCategoryUpdateInput,
      response: ArticleCategory,
      ...can('update'),
    },
    (ctx, input) => updateCategory(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/article/category-delete',
      tags: admin,
      summary: 'Delete empty help categories (409 while they hold articles)',
      body: IdsInput,
      response: Deleted,
      ...can('delete'),
    },
    (ctx, input) => deleteCategories(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/article/page',
      tags: admin,
      summary: 'Help articles, published or not, by category and words',
      querystring: AdminArticleQuery,
      response: AdminArticlePage,
      ...can('list'),
    },
    (ctx, q) => pageArticles(ctx, q),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/article/info',
      tags: admin,
      summary: 'One help article with its Markdown in both languages',
      querystring: IdQuery,
      response: AdminArticle,
      ...can('list'),
    },
    (ctx, q) => articleInfo(ctx, q),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/article/add',
      tags: admin,
      summary: 'Write a help article (Markdown, zh-CN and en)',
      body: ArticleInput,
      response: AdminArticle,
      ...can('add'),
    },
    (ctx, input) => addArticle(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/article/update',
      tags: admin,
      summary: 'Edit, publish or unpublish a help article',
      body: ArticleUpdateInput,
      response: AdminArticle,
      ...can('update'),
    },
    (ctx, input) => updateArticle(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/article/delete',
      tags: admin,
      summary: 'Delete help articles and their votes',
      body: IdsInput,
      response: Deleted,
      ...can('delete'),
    },
    (ctx, input) => deleteArticles(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/common/get-article-list',
      tags: common,
      summary: "Published help articles by category and words (either language), in the reader's",
      querystring: ArticleListQuery,
      response: ArticleListResult,
      access: { auth: 'public' },
    },
    (ctx, q) => listPublishedArticles(ctx, q),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/common/article-info',
      tags: common,
      summary: 'One published help article by id or slug, with its votes',
      querystring: ArticleInfoQuery,
      response: ArticleDetail,
      access: { auth: 'public' },
    },
    (ctx, q) => publishedArticle(ctx, q),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/common/article-vote',
      tags: common,
      summary: '"Was this helpful": one vote per user per article; voting again changes it',
      body: ArticleVoteInput,
      response: ArticleVotes,
      access: { auth: 'user' },
    },
    (ctx, input) => voteArticle(ctx, input),
  );
}
