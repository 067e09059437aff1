import { useCallback } from 'react';
import { Alert, Button, Card, Empty, Pagination, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  formatMinor,
  PARENT_PRODUCT_TOTAL_CAP,
  type ParentProductListQuery,
  type ParentProductSummary,
} from '@app/shared';
import { paths } from '../../../shared/paths.ts';
import {
  CategoryTreePanel,
  DEFAULT_QUERY,
  FilterBar,
  localTitle,
  PAGE_SIZES,
  ProductImage,
  readFilters,
  SORT_CHOICES,
  useParentProducts,
  writeFilters,
  type FilterPatch,
  type SortChoice,
} from '../../goods-library/index.ts';
import { withQueries } from './with-queries.tsx';
import '../catalogue.css';

const SKELETON_CARDS = 8;

function publicDetailPath(id: number): string {
  return `${paths.productDetail}?id=${id}`;
}

function ProductCards({ items }: { items: ParentProductSummary[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="library-grid">
      {items.map((item) => {
        const title = localTitle(item, i18n.language);
        return (
          <li key={item.id}>
            {/* The link's name is its text (title and price); the picture only repeats the title. */}
            <Link to={publicDetailPath(item.id)} className="library-card">
              <Card
                hoverable
                size="small"
                cover={<ProductImage src={item.image} alt="" className="library-card__image" />}
              >
                <div className="library-card__title" title={title}>
                  {title}
                </div>
                <div className="library-card__cost">
                  {t('public.products.from', { amount: formatMinor(item.costMinor) })}
                </div>
              </Card>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** /products' library for visitors: readable without an account, filters in the URL. */
function Catalogue() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { query } = readFilters(params);
  const result = useParentProducts(query);

  const update = useCallback(
    (patch: Partial<ParentProductListQuery>) => {
      // Any filter change starts again from page 1; paging passes its page explicitly.
      setParams(writeFilters({ query: { ...query, page: 1, ...patch }, view: 'grid' }));
    },
    [query, setParams],
  );
  // The bar speaks in neutral min/max; the parent library filters on cost.
  const applyFilters = (patch: FilterPatch) => {
    const { min, max, ...rest } = patch;
    update({
      ...(rest as Partial<ParentProductListQuery>),
      ...('min' in patch ? { min_cost: min } : {}),
      ...('max' in patch ? { max_cost: max } : {}),
    });
  };
  const reset = () => setParams(writeFilters({ query: DEFAULT_QUERY, view: 'grid' }));

  const pagination = result.data?.pagination;
  const items = result.data?.list ?? [];
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
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
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
        message={t('public.products.loadFailed')}
        description={result.error.message}
        action={<Button onClick={() => void result.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else if (items.length === 0) {
    body = (
      <Empty description={t('public.products.empty')} className="library-empty">
        {filtered && (
          <>
            <p className="muted">{t('public.products.emptyHint')}</p>
            <Button onClick={reset}>{t('public.products.clearFilters')}</Button>
          </>
        )}
      </Empty>
    );
  } else {
    body = <ProductCards items={items} />;
  }

  return (
    <div className="site-container catalogue">
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
            values={{
              keyword: query.keyword,
              min: query.min_cost,
              max: query.max_cost,
              start_time: query.start_time,
              end_time: query.end_time,
              sort: query.sort,
              order: query.order,
            }}
            sortChoices={SORT_CHOICES}
            sortLabel={(choice) => t(`goodsLibrary.sorts.${choice as SortChoice}`)}
            labels={{
              keyword: t('goodsLibrary.filters.keyword'),
              min: t('goodsLibrary.filters.minCost'),
              max: t('goodsLibrary.filters.maxCost'),
            }}
            view="grid"
            onApply={applyFilters}
            onReset={reset}
          />
          {pagination && (
            <div className="library-summary" aria-live="polite">
              {pagination.more
                ? t('public.products.totalMore', {
                    total: PARENT_PRODUCT_TOTAL_CAP.toLocaleString('en-US'),
                  })
                : t('public.products.total', { total: pagination.total })}
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
    </div>
  );
}

export const ProductsCatalogue = withQueries(Catalogue);
