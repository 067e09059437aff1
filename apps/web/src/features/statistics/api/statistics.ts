import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Dashboard,
  PurchaseSpend,
  RankList,
  RankListFilter,
  StatisticsMarkets,
  StatisticsOverview,
  StatisticsSeries,
  StatStores,
  StatView,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { sessionKeys } from '../../../shared/session/session-keys.ts';

/** The query of every statistics call: the page's filter without its unset fields. */
export type StatParams = Partial<RankListFilter>;

const paramsOf = (q: StatParams) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number
  >;

const statKeys = {
  all: [...sessionKeys.all, 'statistics'] as const,
  view: (path: string, q: StatParams) => [...statKeys.all, path, q] as const,
};

function useStat<T>(path: string, q: StatParams, enabled = true) {
  return useQuery({
    queryKey: statKeys.view(path, q),
    queryFn: ({ signal }) => api.get<T>(path, paramsOf(q), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useOverview = (q: StatParams) => useStat<StatisticsOverview>('/statistics/index', q);
export const useOrderSeries = (q: StatParams) => useStat<StatisticsSeries>('/statistics/order', q);
export const useSaleSeries = (q: StatParams) => useStat<StatisticsSeries>('/statistics/sale', q);
export const useMarkets = (q: StatParams) => useStat<StatisticsMarkets>('/statistics/market', q);
export const useRankList = (q: StatParams) => useStat<RankList>('/getRankList', q);
export const usePurchaseSpend = (q: StatParams) =>
  useStat<PurchaseSpend>('/statistics/cw-order', q);
export const useStatStores = () => useStat<StatStores>('/statistics/stores', {});
/** The home dashboard's figures (/api/index). */
export const useDashboard = () => useStat<Dashboard>('/index', {});

/** The page's table for the same filters, as the server writes it (xlsx). */
export const exportStatistics = (view: StatView, q: StatParams) =>
  api.getBlob('/statistics/export', { ...paramsOf(q), view });
