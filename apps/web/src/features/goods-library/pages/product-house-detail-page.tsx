import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
} from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMinor, type ParentSku } from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import type { ViewProps } from '../../../app/view-registry.ts';
import { useFavouriteIds } from '../api/favourites.ts';
import { useParentProduct } from '../api/goods-library.ts';
import { attributeLabel } from '../components/attribute-label.ts';
import { FavouriteButton } from '../components/favourite-button.tsx';
import { PrintAreaImage } from '../components/print-area-image.tsx';
import { useJoinToLibrary } from '../components/use-join-library.tsx';
import { ProductImage } from '../components/product-image.tsx';
import { localName, localTitle } from '../components/product-title.ts';
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
  // Another product (same page, new ?id=) starts again from its first picture.
  const [picked, setPicked] = useState({ id, index: 0 });
  const selected = picked.id === id ? picked.index : 0;

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
  const images = [...item.images].sort((a, b) => a.orderNum - b.orderNum);
  const main = images[Math.min(selected, images.length - 1)];
  const attributes = Object.entries(item.attributes);

  return (
    <Card className="page-card" variant="borderless">
      {back}
      <div className="library-detail">
        <section className="library-detail__gallery" aria-label={t('goodsLibrary.detail.images')}>
          <PrintAreaImage image={main} alt={title} />
          {main && main.printAreas.length > 0 && (
            <p className="muted library-detail__hint">{t('goodsLibrary.detail.printAreas')}</p>
          )}
          {images.length > 1 && (
            <div className="library-thumbs">
              {images.map((image, index) => (
                <button
                  key={image.id}
                  type="button"
                  className={index === selected ? 'library-thumb is-active' : 'library-thumb'}
                  aria-label={t('goodsLibrary.detail.thumbnail', { index: index + 1 })}
                  aria-pressed={index === selected}
                  onClick={() => setPicked({ id, index })}
                >
                  <ProductImage src={image.url} alt="" />
                </button>
              ))}
            </div>
          )}
        </section>
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
          </Space>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              {
                key: 'category',
                label: t('goodsLibrary.detail.category'),
                children: item.categoryPath.map((c) => localName(c, i18n.language)).join(' / '),
              },
              {
                key: 'supplier',
                label: t('goodsLibrary.detail.supplier'),
                children: item.supplier,
              },
              {
                key: 'weight',
                label: t('goodsLibrary.detail.weight'),
                children: t('goodsLibrary.detail.weightValue', { grams: item.weightG }),
              },
              {
                key: 'size',
                label: t('goodsLibrary.detail.size'),
                children: t('goodsLibrary.detail.sizeValue', {
                  length: item.lengthMm,
                  width: item.widthMm,
                  height: item.heightMm,
                }),
              },
            ]}
          />
          <h3 className="library-detail__heading">{t('goodsLibrary.detail.attributes')}</h3>
          {attributes.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('goodsLibrary.detail.noAttributes')}
            />
          ) : (
            <Descriptions
              column={{ xs: 1, sm: 2 }}
              size="small"
              items={attributes.map(([name, value]) => ({
                key: name,
                label: attributeLabel(t, name),
                children: value,
              }))}
            />
          )}
        </section>
      </div>
      <h3 className="library-detail__heading">{t('goodsLibrary.detail.skus')}</h3>
      <Table<ParentSku>
        rowKey="id"
        size="small"
        dataSource={item.skus}
        pagination={false}
        scroll={{ x: 640 }}
        aria-label={t('goodsLibrary.detail.skus')}
        columns={[
          { key: 'sku', title: t('goodsLibrary.detail.sku'), dataIndex: 'sku' },
          { key: 'color', title: t('goodsLibrary.detail.color'), dataIndex: 'color' },
          { key: 'size', title: t('goodsLibrary.detail.skuSize'), dataIndex: 'size' },
          {
            key: 'cost',
            title: t('goodsLibrary.detail.skuCost'),
            align: 'right',
            render: (_, sku) => `¥${formatMinor(sku.costMinor)}`,
          },
          {
            key: 'stock',
            title: t('goodsLibrary.detail.stock'),
            dataIndex: 'stock',
            align: 'right',
          },
          {
            key: 'status',
            title: t('goodsLibrary.detail.status'),
            render: (_, sku) =>
              sku.status === 'on' ? (
                <Tag color="green">{t('goodsLibrary.detail.on')}</Tag>
              ) : (
                <Tag>{t('goodsLibrary.detail.off')}</Tag>
              ),
          },
        ]}
      />
    </Card>
  );
}
