import { useCallback, type ReactNode } from 'react';
import { Button, Card, Empty, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  FINISHED_SOURCES,
  PARENT_PRODUCT_TOTAL_CAP,
  type FinishedProductListQuery,
  type FinishedProductSummary,
  type FinishedSource,
} from '@app/shared';
import {
  CategoryTreePanel,
  FilterBar,
  LIBRARY_PATH,
  LibraryResults,
  renamePricePatch,
  SelectionBar,
  useSelection,
  type FilterPatch,
  type LibraryView,
} from '../../goods-library/index.ts';
import {
  useFinishedProducts,
  useGoodsTypeNum,
  type FinishedScope,
} from '../api/finished-products.ts';
import { FINISHED_SORT_CHOICES, finishedFilters, type FinishedSortChoice } from '../url-filters.ts';
import { FinishedGrid, FinishedTable } from './finished-results.tsx';
import '../goods.css';

export interface ListActions {
  rowActions: (item: FinishedProductSummary) => ReactNode[];
  batchActions: (ids: number[], done: () => void) => ReactNode[];
}

interface FinishedListProps {
  scope: FinishedScope;
  title: string;
  hrefOf: (item: FinishedProductSummary) => string;
  /** The page's actions hook; called once per render with the products on screen. */
  useActions: (items: readonly FinishedProductSummary[]) => ListActions;
}

type TypeTab = 'all' | 'shared' | FinishedSource;

function tabOf(query: FinishedProductListQuery): TypeTab {
  if (query.shared) return 'shared';
  return query.source ?? 'all';
}

/**
 * A finished-products list, the seller's own (`private`, with type tabs and counts) or the
 * shared library; every filter lives in the URL.
 */
export function FinishedList({ scope, title, hrefOf, useActions }: FinishedListProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { query, view } = finishedFilters.read(params);
  const result = useFinishedProducts(scope, query);
  const counts = useGoodsTypeNum(scope === 'private');
  const items = result.data?.list ?? [];
  const selection = useSelection(items.map((item) => item.id));
  const actions = useActions(items);

  const update = useCallback(
    (patch: Partial<FinishedProductListQuery>, nextView: LibraryView = view) => {
      // Any filter change starts again from page 1; paging passes its page explicitly.
      setParams(finishedFilters.write({ query: { ...query, page: 1, ...patch }, view: nextView }));
    },
    [query, view, setParams],
  );
  const applyFilters = (patch: FilterPatch) =>
    update(renamePricePatch<FinishedProductListQuery>(patch, 'min_price', 'max_price'));
  const reset = () => setParams(finishedFilters.write({ query: finishedFilters.defaults, view }));

  const pagination = result.data?.pagination;
  const filtered =
    query.keyword !== undefined ||
    query.category_id !== undefined ||
    query.min_price !== undefined ||
    query.max_price !== undefined ||
    query.start_time !== undefined;

  const tab = tabOf(query);
  const countOf = (key: TypeTab): number | undefined => {
    if (!counts.data) return undefined;
    if (key === 'all') return counts.data.all;
    if (key === 'shared') return counts.data.shared;
    return counts.data.bySource[key] ?? 0;
  };
  const tabs: TypeTab[] = ['all', ...FINISHED_SOURCES, 'shared'];

  const props = {
    scope,
    items,
    selected: selection.selected,
    onSelect: selection.setSelected,
    hrefOf,
    actionsOf: actions.rowActions,
  };

  return (
    <Card className="page-card library-page" variant="borderless" title={title}>
      {scope === 'private' && (
        <Tabs
          className="goods-type-tabs"
          activeKey={tab}
          onChange={(key) => {
            const next = key as TypeTab;
            update({
              source: next === 'all' || next === 'shared' ? undefined : next,
              shared: next === 'shared' ? true : undefined,
            });
          }}
          items={tabs.map((key) => {
            const count = countOf(key);
            return {
              key,
              label:
                count === undefined
                  ? t(`goods.tabs.${key}`)
                  : t('goods.tabs.withCount', { name: t(`goods.tabs.${key}`), count }),
            };
          })}
        />
      )}
      <div className="library-layout">
        <aside className="library-layout__side">
          <CategoryTreePanel
            value={query.category_id}
            onChange={(categoryId) => update({ category_id: categoryId })}
          />
        </aside>
        <section className="library-layout__main" aria-busy={result.isFetching}>
          <FilterBar
            key={params.toString()}
            values={{ ...query, min: query.min_price, max: query.max_price }}
            sortChoices={FINISHED_SORT_CHOICES}
            sortLabel={(choice) => t(`goods.sorts.${choice as FinishedSortChoice}`)}
            labels={{
              keyword: t('goods.filters.keyword'),
              min: t('goods.filters.minPrice'),
              max: t('goods.filters.maxPrice'),
            }}
            view={view}
            onApply={applyFilters}
            onReset={reset}
            onViewChange={(next) => update({ page: query.page }, next)}
          />
          <SelectionBar count={selection.selected.length} onClear={selection.clear}>
            {actions.batchActions(selection.selected, selection.clear)}
          </SelectionBar>
          <LibraryResults
            result={result}
            count={items.length}
            summary={
              pagination &&
              (pagination.more
                ? t('goods.totalMore', { total: PARENT_PRODUCT_TOTAL_CAP.toLocaleString('en-US') })
                : t('goods.total', { total: pagination.total }))
            }
            page={query.page}
            size={query.size}
            total={pagination?.total}
            onPage={update}
            loadFailed={t('goods.loadFailed')}
            empty={
              <Empty
                description={
                  filtered || tab !== 'all' ? t('goods.emptyFiltered') : t(`goods.empty.${scope}`)
                }
                className="library-empty"
              >
                {filtered ? (
                  <Button onClick={reset}>{t('goodsLibrary.clearFilters')}</Button>
                ) : (
                  scope === 'private' &&
                  tab === 'all' && (
                    <Link to={LIBRARY_PATH}>
                      <Button type="primary">{t('goods.empty.browseParents')}</Button>
                    </Link>
                  )
                )}
              </Empty>
            }
          >
            {view === 'grid' ? <FinishedGrid {...props} /> : <FinishedTable {...props} />}
          </LibraryResults>
        </section>
      </div>
    </Card>
  );
}
