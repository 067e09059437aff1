import { useCallback } from 'react';
import { Alert, Button, Card, Empty, Pagination, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PARENT_PRODUCT_TOTAL_CAP, type ParentProductListQuery } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useFavouriteIds } from '../api/favourites.ts';
import { useParentProducts } from '../api/goods-library.ts';
import { CategoryTreePanel } from '../components/category-tree.tsx';
import { FilterBar, renamePricePatch, type FilterPatch } from '../components/filter-bar.tsx';
import { ProductGrid, ProductTable } from '../components/product-results.tsx';
import { SelectionBar } from '../components/selection-bar.tsx';
import { useJoinToLibrary } from '../components/use-join-library.tsx';
import { useSelection } from '../components/use-selection.ts';
import {
  DEFAULT_QUERY,
  PAGE_SIZES,
  readFilters,
  SORT_CHOICES,
  writeFilters,
  type LibraryView,
  type SortChoice,
} from '../url-filters.ts';
import '../goods-library.css';

const SKELETON_CARDS = 8;

/** /goods/productHouse: the shared parent library; every filter lives in the URL. */
export function ProductHousePage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { query, view } = readFilters(params);
  const result = useParentProducts(query);

  const update = useCallback(
    (patch: Partial<ParentProductListQuery>, nextView: LibraryView = view) => {
      // Any filter change starts again from page 1; paging passes its page explicitly.
      setParams(writeFilters({ query: { ...query, page: 1, ...patch }, view: nextView }));
    },
    [query, view, setParams],
  );
  const applyFilters = (patch: FilterPatch) =>
    update(renamePricePatch<ParentProductListQuery>(patch, 'min_cost', 'max_cost'));
  const joinLibrary = useJoinToLibrary();
  const items = result.data?.list ?? [];
  const visibleIds = items.map((item) => item.id);
  const favourites = useFavouriteIds(visibleIds);
  const selection = useSelection(visibleIds);

  const reset = () => setParams(writeFilters({ query: DEFAULT_QUERY, view }));

  const pagination = result.data?.pagination;
  const filtered =
    query.keyword !== undefined ||
    query.category_id !== undefined ||
    query.min_cost !== undefined ||
    query.max_cost !== undefined ||
    query.start_time !== undefined;

  let body;
  if (result.isPending) {
    body = (
      <ul className="library-grid" aria-busy="true">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i}>
            <Card size="small">
              <Skeleton.Node active className="library-skeleton-image" />
              <Skeleton active title={false} paragraph={{ rows: 3 }} />
            </Card>
          </li>
        ))}
      </ul>
    );
  } else if (result.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        message={t('goodsLibrary.loadFailed')}
        description={result.error.message}
        action={<Button onClick={() => void result.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else if (items.length === 0) {
    body = (
      <Empty description={t('goodsLibrary.empty')} className="library-empty">
        {filtered && (
          <>
            <p className="muted">{t('goodsLibrary.emptyHint')}</p>
            <Button onClick={reset}>{t('goodsLibrary.clearFilters')}</Button>
          </>
        )}
      </Empty>
    );
  } else {
    const props = {
      items,
      favourites: favourites.data ?? new Set<number>(),
      selected: selection.selected,
      onSelect: selection.setSelected,
      onJoin: joinLibrary.allowed ? (id: number) => void joinLibrary.run([id]) : undefined,
    };
    body = view === 'grid' ? <ProductGrid {...props} /> : <ProductTable {...props} />;
  }

  return (
    <Card className="page-card library-page" variant="borderless" title={title}>
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
            values={{ ...query, min: query.min_cost, max: query.max_cost }}
            sortChoices={SORT_CHOICES}
            sortLabel={(choice) => t(`goodsLibrary.sorts.${choice as SortChoice}`)}
            labels={{
              keyword: t('goodsLibrary.filters.keyword'),
              min: t('goodsLibrary.filters.minCost'),
              max: t('goodsLibrary.filters.maxCost'),
            }}
            view={view}
            onApply={applyFilters}
            onReset={reset}
            onViewChange={(next) => update({ page: query.page }, next)}
          />
          <SelectionBar count={selection.selected.length} onClear={selection.clear}>
            {joinLibrary.allowed && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                loading={joinLibrary.pending}
                onClick={() =>
                  void joinLibrary.run(selection.selected).then((done) => {
                    if (done) selection.clear();
                  })
                }
              >
                {t('goodsLibrary.join.batch')}
              </Button>
            )}
          </SelectionBar>
          {pagination && (
            <div className="library-summary" aria-live="polite">
              {pagination.more
                ? t('goodsLibrary.totalMore', {
                    total: PARENT_PRODUCT_TOTAL_CAP.toLocaleString('en-US'),
                  })
                : t('goodsLibrary.total', { total: pagination.total })}
            </div>
          )}
          <div
            className={result.isPlaceholderData ? 'library-results is-stale' : 'library-results'}
          >
            {body}
          </div>
          {pagination && pagination.total > 0 && (
            <Pagination
              className="library-pagination"
              current={query.page}
              pageSize={query.size}
              total={pagination.total}
              pageSizeOptions={PAGE_SIZES.map(String)}
              showSizeChanger
              onChange={(page, size) => update(size === query.size ? { page } : { page: 1, size })}
            />
          )}
        </section>
      </div>
    </Card>
  );
}
