import type {
  AdminArticle,
  AdminArticlePage,
  AdminArticleQuery,
  ArticleCategory,
  ArticleCategoryInput,
  ArticleCategoryList,
  ArticleCategoryUpdateInput,
  ArticleInput,
  ArticleUpdateInput,
} from '@app/shared';
import { api } from '../../../api/client.ts';

/** Help-center articles and categories (`/api/sys/article/*`). */
const operator = { session: 'operator' } as const;

export const articleKeys = {
  all: ['admin', 'sys-article'] as const,
  categories: () => [...articleKeys.all, 'categories'] as const,
  page: (query: Partial<AdminArticleQuery>) => [...articleKeys.all, 'page', query] as const,
};

export const sysArticle = {
  categories: () => api.get<ArticleCategoryList>('/sys/article/category-list', undefined, operator),
  addCategory: (input: ArticleCategoryInput) =>
    api.post<ArticleCategory>('/sys/article/category-add', input, operator),
  updateCategory: (input: ArticleCategoryUpdateInput) =>
    api.post<ArticleCategory>('/sys/article/category-update', input, operator),
  removeCategory: (id: number) =>
    api.post<{ deleted: number }>('/sys/article/category-delete', { ids: [id] }, operator),
  page: (query: Partial<AdminArticleQuery>) =>
    api.get<AdminArticlePage>('/sys/article/page', query, operator),
  add: (input: ArticleInput) => api.post<AdminArticle>('/sys/article/add', input, operator),
  update: (input: ArticleUpdateInput) =>
    api.post<AdminArticle>('/sys/article/update', input, operator),
  remove: (id: number) =>
    api.post<{ deleted: number }>('/sys/article/delete', { ids: [id] }, operator),
};
