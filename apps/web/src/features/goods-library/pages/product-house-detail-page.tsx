import { Alert, Button, Card, Result, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined, BgColorsOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { paths } from '../../../shared/paths.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useFavouriteIds } from '../api/favourites.ts';
import { useParentProduct } from '../api/goods-library.ts';
import { FavouriteButton } from '../components/favourite-button.tsx';
import {
  ParentProductFacts,
  ParentProductGallery,
  ParentSkuTable,
} from '../components/parent-product-view.tsx';
import { useJoinToLibrary } from '../components/use-join-library.tsx';
import { localTitle } from '../components/product-title.ts';
import { LIBRARY_PATH, parseId } from '../paths.ts';
import '../goods-library.css';

/** /goods/productHouseDetail?id=: one parent product with its pictures, print areas and SKUs. */
export function ProductHouseDetailPage(_props: ViewProps) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const product = useParentProduct(id);
  const favourites = useFavouriteIds(id === null ? [] : [id]);
  const joinLibrary = useJoinToLibrary();
  const navigate = useNavigate();

  const back = (
    <Link to={LIBRARY_PATH} className="library-back">
      <ArrowLeftOutlined /> {t('goodsLibrary.detail.back')}
    </Link>
  );

  if (
    id === null ||
    (product.isError && isApiError(product.error) && product.error.status === 404)
  ) {
    return (
      <Card className="page-card" variant="borderless">
        <Result
          status="404"
          title={
            id === null ? t('goodsLibrary.detail.missingId') : t('goodsLibrary.detail.notFound')
          }
          subTitle={t('goodsLibrary.detail.notFoundHint')}
          extra={
            <Button type="primary" onClick={() => void navigate(LIBRARY_PATH)}>
              {t('goodsLibrary.detail.back')}
            </Button>
          }
        />
      </Card>
    );
  }

  if (product.isError) {
    return (
      <Card className="page-card" variant="borderless">
        {back}
        <Alert
          type="error"
          showIcon
          message={t('goodsLibrary.detail.loadFailed')}
          description={product.error.message}
          action={<Button onClick={() => void product.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }

  if (product.isPending) {
    return (
      <Card className="page-card" variant="borderless">
        {back}
        <div className="library-detail">
          <Skeleton.Node active className="library-skeleton-image library-skeleton-image--large" />
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      </Card>
    );
  }

  const item = product.data;
  const title = localTitle(item, i18n.language);

  return (
    <Card className="page-card" variant="borderless">
      {back}
      <div className="library-detail">
        <ParentProductGallery item={item} title={title} />
        <section className="library-detail__info">
          <h2 className="library-detail__title">{title}</h2>
          <div className="library-detail__cost">¥{formatMinor(item.costMinor)}</div>
          <Space wrap className="library-detail__actions">
            {joinLibrary.allowed && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                loading={joinLibrary.pending}
                onClick={() => void joinLibrary.run([item.id])}
              >
                {t('goodsLibrary.join.action')}
              </Button>
            )}
            <FavouriteButton
              id={item.id}
              favourite={favourites.data?.has(item.id) ?? false}
              withLabel
            />
            <Button
              icon={<BgColorsOutlined />}
              onClick={() => void navigate(`${paths.designer}?product=${item.id}`)}
            >
              {t('goodsLibrary.detail.design')}
            </Button>
          </Space>
          <ParentProductFacts item={item} internal heading="h3" />
        </section>
      </div>
      <ParentSkuTable item={item} internal heading="h3" />
    </Card>
  );
}
