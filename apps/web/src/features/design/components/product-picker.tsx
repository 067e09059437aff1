import { useMemo, useState } from 'react';
import { Alert, Card, Empty, Input, Pagination, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CategoryNode, ParentProductSummary } from '@app/shared';
import {
  localTitle,
  ProductImage,
  useCategoryTree,
  useParentProducts,
} from '../../goods-library/index.ts';
import { designPath, useDesignBase } from '../paths.ts';

const FEATURED_SIZE = 8;
const PAGE_SIZE = 12;
const TSHIRT = /t-?shirt/i;

/** The T-shirt category, which the picker shows first as most designs start on one. */
function findTshirts(nodes: CategoryNode[]): CategoryNode | null {
  for (const node of nodes) {
    if (TSHIRT.test(node.nameEn)) return node;
    const child = findTshirts(node.children);
    if (child) return child;
  }
  return null;
}

function PickerGrid({ items }: { items: ParentProductSummary[] }) {
  const { t, i18n } = useTranslation();
  const base = useDesignBase();
  return (
    <ul className="library-grid design-picker__grid">
      {items.map((item) => {
        const title = localTitle(item, i18n.language);
        return (
          <li key={item.id}>
            <Link
              to={designPath(base, { product: item.id })}
              className="library-card"
              aria-label={`${t('design.picker.choose')}: ${title}`}
            >
              <Card
                hoverable
                size="small"
                cover={
                  <ProductImage src={item.image} alt={title} className="library-card__image" />
                }
              >
                <div className="library-card__title" title={title}>
                  {title}
                </div>
                <div className="design-picker__cta">{t('design.picker.choose')}</div>
              </Card>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function SkeletonGrid({ count }: { count: number }) {
  return (
    <ul className="library-grid design-picker__grid">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <Skeleton.Node active className="library-skeleton-image" />
        </li>
      ))}
    </ul>
  );
}

/** /design without a product: search the public parent library, T-shirts first. */
export function ProductPicker() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const tree = useCategoryTree();
  const tshirts = useMemo(() => (tree.data ? findTshirts(tree.data) : null), [tree.data]);
  const searching = keyword !== '';
  // Only products with a print area: the editor has nowhere to put a layer on the others.
  const featured = useParentProducts({
    designable: true,
    category_id: tshirts?.id,
    sort: 'created_at',
    order: 'desc',
    page: 1,
    size: FEATURED_SIZE,
  });
  const all = useParentProducts({
    designable: true,
    keyword: keyword || undefined,
    sort: 'created_at',
    order: 'desc',
    page,
    size: PAGE_SIZE,
  });
  const showFeatured = !searching && tshirts !== null;

  return (
    <section className="site-container design-picker">
      <h2>{t('design.picker.title')}</h2>
      <Input.Search
        allowClear
        className="design-picker__search"
        placeholder={t('design.picker.search')}
        aria-label={t('design.picker.search')}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage(1);
        }}
      />
      {showFeatured && (
        <>
          <h3>{t('design.picker.tshirts')}</h3>
          {featured.data ? <PickerGrid items={featured.data.list} /> : <SkeletonGrid count={4} />}
        </>
      )}
      <h3>{searching ? keyword : t('design.picker.all')}</h3>
      {all.isError ? (
        <Alert type="error" showIcon title={t('design.picker.loadFailed')} />
      ) : !all.data ? (
        <SkeletonGrid count={8} />
      ) : all.data.list.length === 0 ? (
        <Empty description={t('design.picker.empty')} />
      ) : (
        <>
          <PickerGrid items={all.data.list} />
          <Pagination
            className="design-picker__pages"
            current={page}
            pageSize={PAGE_SIZE}
            total={all.data.pagination.total}
            showSizeChanger={false}
            onChange={setPage}
          />
        </>
      )}
    </section>
  );
}
