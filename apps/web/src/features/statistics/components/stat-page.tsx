import type { ReactNode } from 'react';
import { Alert, Card, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RankListFilter, StatView } from '@app/shared';
import { useStatStores } from '../api/statistics.ts';
import { readStatQuery, writeStatQuery } from '../url-state.ts';
import { StatEmpty } from './stat-empty.tsx';
import { StatFilters } from './stat-filters.tsx';
import '../statistics.css';

/** The page's filter, read from and written to the URL. */
export function useStatQuery(): [RankListFilter, (patch: Partial<RankListFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const query = readStatQuery(params);
  return [query, (patch) => setParams(writeStatQuery({ ...query, ...patch }))];
}

/**
 * A statistics page: title, the shared filters, then the charts and tables, or the empty state
 * when the range has nothing (`empty`) or the seller has no store yet.
 */
export function StatPage({
  title,
  view,
  query,
  onChange,
  state,
  empty,
  grouping,
  extra,
  children,
}: {
  title: string;
  view: StatView;
  query: RankListFilter;
  onChange: (patch: Partial<RankListFilter>) => void;
  state: { isPending: boolean; isError: boolean };
  empty: boolean;
  grouping?: boolean;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const stores = useStatStores();
  const hasStores = (stores.data?.length ?? 1) > 0;
  let body: ReactNode = children;
  if (state.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (state.isError)
    body = <Alert type="warning" showIcon title={t('statistics.loadFailed')} />;
  else if (empty || !hasStores) body = <StatEmpty hasStores={hasStores} />;
  return (
    <Card className="page-card stat-page" variant="borderless" title={title}>
      <StatFilters query={query} onChange={onChange} view={view} grouping={grouping} />
      {extra}
      <p className="stat-note">{t('statistics.note')}</p>
      {body}
    </Card>
  );
}
