import { useCallback } from 'react';
import { Button, Card, Empty } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PARENT_PRODUCT_TOTAL_CAP, type ParentProductListQuery } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useFavouriteIds } from '../api/favourites.ts';
import { useParentProducts } from '../api/goods-library.ts';
import { CategoryTreePanel } from '../components/category-tree.tsx';
import { LibraryResults } from '../components/library-results.tsx';
import { isFiltered, ParentFilterBar } from '../components/parent-filter-bar.tsx';
import { ProductGrid, ProductTable } from '../components/product-results.tsx';
import { SelectionBar } from '../components/selection-bar.tsx';
import { useJoinToLibrary } from '../components/use-join-library.tsx';
import { useSelection } from '../components/use-selection.ts';
import { DEFAULT_QUERY, readFilters, writeFilters, type LibraryView } from '../url-filters.ts';
import '../goods-library.css';

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
  const joinLibrary = useJoinToLibrary();
  const items = result.data?.list ?? [];
  const visibleIds = items.map((item) => item.id);
  const favourites = useFavouriteIds(visibleIds);
  const selection = useSelection(visibleIds);

  const reset = () => setParams(writeFilters({ query: DEFAULT_QUERY, view }));

  const pagination = result.data?.pagination;
  const filtered = isFiltered(query);

  const props = {
    items,
    favourites: favourites.data ?? new Set<number>(),
    selected: selection.selected,
    onSelect: selection.setSelected,
    onJoin: joinLibrary.allowed ? (id: number) => void joinLibrary.run([id]) : undefined,
  };

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
          <ParentFilterBar
            key={params.toString()}
            query={query}
            view={view}
            onApply={update}
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
          <LibraryResults
            result={result}
            count={items.length}
            summary={
              pagination &&
              (pagination.more
                ? t('goodsLibrary.totalMore', {
                    total: PARENT_PRODUCT_TOTAL_CAP.toLocaleString('en-US'),
                  })
                : t('goodsLibrary.total', { total: pagination.total }))
            }
            page={query.page}
            size={query.size}
            total={pagination?.total}
            onPage={update}
            loadFailed={t('goodsLibrary.loadFailed')}
            empty={
              <Empty description={t('goodsLibrary.empty')} className="library-empty">
                {filtered && (
                  <>
                    <p className="muted">{t('goodsLibrary.emptyHint')}</p>
                    <Button onClick={reset}>{t('goodsLibrary.clearFilters')}</Button>
                  </>
                )}
              </Empty>
            }
          >
            {view === 'grid' ? <ProductGrid {...props} /> : <ProductTable {...props} />}
          </LibraryResults>
        </section>
      </div>
    </Card>
  );
}
