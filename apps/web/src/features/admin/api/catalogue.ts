import type {
  CatalogImage,
  CategoryTree,
  Factory,
  FinanceRule,
  SysBalanceAdjustInput,
  SysBalanceAdjustResult,
  SysCategoryInput,
  SysCategoryUpdate,
  SysFactoryInput,
  SysFactoryUpdate,
  SysFinanceRuleInput,
  SysGoodsDetail,
  SysGoodsInput,
  SysGoodsPage,
  SysGoodsQuery,
  SysGoodsUpdate,
  SysLevel,
  SysLevelInput,
  SysLevelUpdate,
  SysSellerDetail,
  SysSellerPage,
  SysSellerQuery,
  SysStatusInput,
} from '@app/shared';
import { api } from '../../../api/client.ts';

/**
 * What operators maintain for sellers (issue 22 part C): the parent catalogue, member levels,
 * finance rules and the seller list (`/api/sys/{goods,level,finance,seller}/*`).
 */
const operator = { session: 'operator' } as const;

export const catalogueKeys = {
  goods: ['admin', 'sys-goods'] as const,
  goodsPage: (query: Partial<SysGoodsQuery>) => [...catalogueKeys.goods, 'page', query] as const,
  goodsInfo: (id: number) => [...catalogueKeys.goods, 'info', id] as const,
  categories: ['admin', 'sys-goods', 'categories'] as const,
  factories: ['admin', 'sys-goods', 'factories'] as const,
  levels: ['admin', 'sys-level'] as const,
  rule: ['admin', 'sys-finance', 'rule'] as const,
  sellers: ['admin', 'sys-seller'] as const,
  sellerPage: (query: Partial<SysSellerQuery>) =>
    [...catalogueKeys.sellers, 'page', query] as const,
  sellerInfo: (id: number) => [...catalogueKeys.sellers, 'info', id] as const,
};

export const sysGoods = {
  page: (query: Partial<SysGoodsQuery>) =>
    api.get<SysGoodsPage>('/sys/goods/page', query, operator),
  info: (id: number) => api.get<SysGoodsDetail>('/sys/goods/info', { id }, operator),
  add: (input: SysGoodsInput) => api.post<SysGoodsDetail>('/sys/goods/add', input, operator),
  update: (input: SysGoodsUpdate) => api.post<SysGoodsDetail>('/sys/goods/update', input, operator),
  status: (input: SysStatusInput) => api.post<SysGoodsDetail>('/sys/goods/status', input, operator),
  categories: () => api.get<CategoryTree>('/sys/goods/categories', undefined, operator),
  addCategory: (input: SysCategoryInput) =>
    api.post<CategoryTree>('/sys/goods/category-add', input, operator),
  updateCategory: (input: SysCategoryUpdate) =>
    api.post<CategoryTree>('/sys/goods/category-update', input, operator),
  deleteCategory: (id: number) =>
    api.post<CategoryTree>('/sys/goods/category-delete', { id }, operator),
  factories: () => api.get<Factory[]>('/sys/goods/factories', undefined, operator),
  addFactory: (input: SysFactoryInput) =>
    api.post<Factory>('/sys/goods/factory-add', input, operator),
  updateFactory: (input: SysFactoryUpdate) =>
    api.post<Factory>('/sys/goods/factory-update', input, operator),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.upload<CatalogImage>('/sys/goods/upload', form, operator);
  },
};

export const sysLevels = {
  list: () => api.get<SysLevel[]>('/sys/level/list', undefined, operator),
  add: (input: SysLevelInput) => api.post<SysLevel>('/sys/level/add', input, operator),
  update: (input: SysLevelUpdate) => api.post<SysLevel>('/sys/level/update', input, operator),
};

export const sysFinance = {
  rule: () => api.get<FinanceRule>('/sys/finance/rule', undefined, operator),
  updateRule: (input: SysFinanceRuleInput) =>
    api.post<FinanceRule>('/sys/finance/rule-update', input, operator),
};

export const sysSellers = {
  page: (query: Partial<SysSellerQuery>) =>
    api.get<SysSellerPage>('/sys/seller/page', query, operator),
  info: (id: number) => api.get<SysSellerDetail>('/sys/seller/info', { id }, operator),
  freeze: (id: number, reason: string) =>
    api.post<SysSellerDetail>('/sys/seller/freeze', { id, reason }, operator),
  unfreeze: (id: number) => api.post<SysSellerDetail>('/sys/seller/unfreeze', { id }, operator),
  /** One intent key per dialog: a retried click replays the first answer instead of adjusting twice. */
  adjust: (input: SysBalanceAdjustInput, idempotencyKey: string) =>
    api.post<SysBalanceAdjustResult>('/sys/seller/adjust-balance', input, {
      ...operator,
      idempotencyKey,
    }),
};
