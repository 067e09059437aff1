import { useCallback } from 'react';
import { Button, Card, Empty } from 'antd';
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
  isFiltered,
  LibraryResults,
  localTitle,
  ParentFilterBar,
  ProductImage,
  readFilters,
  useParentProducts,
  writeFilters,
} from '../../goods-library/index.ts';
import { withQueries } from './with-queries.tsx';
import '../catalogue.css';

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
  const reset = () => setParams(writeFilters({ query: DEFAULT_QUERY, view: 'grid' }));

  const pagination = result.data?.pagination;
  const items = result.data?.list ?? [];
  const filtered = isFiltered(query);

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
          <ParentFilterBar
            key={params.toString()}
            query={query}
            view="grid"
            onApply={update}
            onReset={reset}
          />
          <LibraryResults
            result={result}
            count={items.length}
            summary={
              pagination &&
              (pagination.more
                ? t('public.products.totalMore', {
                    total: PARENT_PRODUCT_TOTAL_CAP.toLocaleString('en-US'),
                  })
                : t('public.products.total', { total: pagination.total }))
            }
            page={query.page}
            size={query.size}
            total={pagination?.total}
            onPage={update}
            loadFailed={t('public.products.loadFailed')}
            empty={
              <Empty description={t('public.products.empty')} className="library-empty">
                {filtered && (
                  <>
                    <p className="muted">{t('public.products.emptyHint')}</p>
                    <Button onClick={reset}>{t('public.products.clearFilters')}</Button>
                  </>
                )}
              </Empty>
            }
          >
            <ProductCards items={items} />
          </LibraryResults>
        </section>
      </div>
    </div>
  );
}

export const ProductsCatalogue = withQueries(Catalogue);
