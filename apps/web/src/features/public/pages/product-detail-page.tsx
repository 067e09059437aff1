import { Alert, Button, Result, Skeleton, Space, Tag } from 'antd';
import { ArrowLeftOutlined, BgColorsOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMinor, permOf, type ParentSku } from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { loginPath, paths } from '../../../shared/paths.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { useCan } from '../../../shared/can.tsx';
import {
  FavouriteButton,
  localColor,
  localSize,
  localTitle,
  ParentProductFacts,
  ParentProductGallery,
  ParentSkuTable,
  useFavouriteIds,
  useJoinToLibrary,
  useParentProduct,
} from '../../goods-library/index.ts';
import { withQueries } from '../components/with-queries.tsx';
import '../catalogue.css';

function parseId(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Distinct non-empty values in SKU order, so colours and sizes read as the supplier lists them. */
function distinct(skus: ParentSku[], pick: (sku: ParentSku) => string): string[] {
  return [...new Set(skus.map(pick).filter(Boolean))];
}

/**
 * /productDetailMain?id=: a parent product for visitors. Everything is readable without an
 * account; the actions send a signed-out visitor to /login and back here afterwards.
 */
function ProductDetailPageView() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = parseId(params.get('id'));
  const product = useParentProduct(id);
  const signedIn = useAuthStore((s) => s.token !== null);
  const canJoin = useCan(permOf('/goods/productHouse', 'join'));
  const canColl = useCan(permOf('/goods/productHouse', 'coll'));
  // Favourite flags belong to a seller; a visitor has none to ask for.
  const favourites = useFavouriteIds(signedIn && canColl && id !== null ? [id] : []);
  const join = useJoinToLibrary();

  const toLogin = () => void navigate(loginPath(location.pathname + location.search));

  const back = (
    <Link to={paths.products} className="library-back">
      <ArrowLeftOutlined /> {t('public.productDetail.back')}
    </Link>
  );

  if (
    id === null ||
    (product.isError && isApiError(product.error) && product.error.status === 404)
  ) {
    return (
      <div className="site-container catalogue">
        <Result
          status="404"
          title={
            id === null ? t('public.productDetail.missingId') : t('public.productDetail.notFound')
          }
          subTitle={t('public.productDetail.notFoundHint')}
          extra={
            <Button type="primary" onClick={() => void navigate(paths.products)}>
              {t('public.productDetail.back')}
            </Button>
          }
        />
      </div>
    );
  }

  if (product.isError) {
    return (
      <div className="site-container catalogue">
        {back}
        <Alert
          type="error"
          showIcon
          message={t('public.productDetail.loadFailed')}
          description={product.error.message}
          action={<Button onClick={() => void product.refetch()}>{t('common.retry')}</Button>}
        />
      </div>
    );
  }

  if (product.isPending) {
    return (
      <div className="site-container catalogue">
        {back}
        <div className="library-detail">
          <Skeleton.Node active className="library-skeleton-image library-skeleton-image--large" />
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      </div>
    );
  }

  const item = product.data;
  const title = localTitle(item, i18n.language);
  const colours = distinct(item.skus, (sku) => localColor(sku, i18n.language));
  const sizes = distinct(item.skus, (sku) => localSize(sku, i18n.language));

  const addToLibrary = () => {
    if (signedIn) void join.run([item.id]);
    else toLogin();
  };

  return (
    <div className="site-container catalogue">
      {back}
      <div className="library-detail">
        <ParentProductGallery item={item} title={title} />
        <section className="library-detail__info">
          <h1 className="library-detail__title">{title}</h1>
          <div className="library-detail__cost">
            {t('public.productDetail.from', { amount: formatMinor(item.costMinor) })}
          </div>
          {colours.length > 0 && (
            <div className="catalogue-options">
              <span className="catalogue-options__label">{t('public.productDetail.colors')}</span>
              {colours.map((colour) => (
                <Tag key={colour}>{colour}</Tag>
              ))}
            </div>
          )}
          {sizes.length > 0 && (
            <div className="catalogue-options">
              <span className="catalogue-options__label">{t('public.productDetail.sizes')}</span>
              {sizes.map((size) => (
                <Tag key={size}>{size}</Tag>
              ))}
            </div>
          )}
          <Space wrap className="catalogue-actions">
            <Button
              type="primary"
              icon={<BgColorsOutlined />}
              onClick={() => void navigate(`${paths.design}?product=${item.id}`)}
            >
              {t('public.productDetail.design')}
            </Button>
            {(!signedIn || canJoin) && (
              <Button icon={<PlusOutlined />} loading={join.pending} onClick={addToLibrary}>
                {t('public.productDetail.addToLibrary')}
              </Button>
            )}
            {signedIn ? (
              canColl && (
                <FavouriteButton
                  id={item.id}
                  favourite={favourites.data?.has(item.id) ?? false}
                  withLabel
                />
              )
            ) : (
              <Button icon={<StarOutlined />} onClick={toLogin}>
                {t('public.productDetail.favourite')}
              </Button>
            )}
          </Space>
          {!signedIn && <p className="muted">{t('public.productDetail.loginHint')}</p>}
          <ParentProductFacts item={item} internal={false} heading="h2" />
        </section>
      </div>
      <ParentSkuTable item={item} internal={false} heading="h2" />
    </div>
  );
}

export const ProductDetailPage = withQueries(ProductDetailPageView);
