import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Table, Tag } from 'antd';
import { ArrowLeftOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTimestamp, type FinishedSku } from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import {
  detailPath,
  localColor,
  localSize,
  localTitle,
  parseId,
  ProductImage,
} from '../../goods-library/index.ts';
import { useFinishedProduct } from '../api/finished-products.ts';
import { useSharedActions } from '../components/use-shared-actions.tsx';
import { editPath, SHARED_PATH } from '../paths.ts';
import '../goods.css';

/** /goods/productHouseDetailG?id=: a finished product from the shared library, to copy into one's own. */
export function SharedDetailPage(_props: ViewProps) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const product = useFinishedProduct(id);
  const actions = useSharedActions(product.data ? [product.data] : []);
  // Another product (same page, new ?id=) starts again from its first picture.
  const [picked, setPicked] = useState({ id, index: 0 });
  const selected = picked.id === id ? picked.index : 0;

  const back = (
    <Link to={SHARED_PATH} className="library-back">
      <ArrowLeftOutlined /> {t('goods.detail.back')}
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
          title={id === null ? t('goods.detail.missingId') : t('goods.detail.notFound')}
          subTitle={t('goods.detail.notFoundHint')}
          extra={back}
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
          message={t('goods.detail.loadFailed')}
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
  const images = item.images.length > 0 ? item.images : [];
  const main = images[Math.min(selected, images.length - 1)];

  return (
    <Card className="page-card" variant="borderless">
      {back}
      <div className="library-detail">
        <section className="library-detail__gallery" aria-label={t('goods.detail.images')}>
          <ProductImage
            src={main?.url ?? item.image}
            alt={item.title}
            className="print-area-image__picture"
          />
          {images.length > 1 && (
            <div className="library-thumbs">
              {images.map((image, index) => (
                <button
                  key={image.id}
                  type="button"
                  className={index === selected ? 'library-thumb is-active' : 'library-thumb'}
                  aria-label={t('goods.detail.thumbnail', { index: index + 1 })}
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
          <h2 className="library-detail__title">
            {item.title} {item.mine && <Tag color="blue">{t('goods.mine')}</Tag>}
          </h2>
          <div className="library-detail__cost">¥{formatMinor(item.priceMinor)}</div>
          <Space wrap className="library-detail__actions">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              loading={actions.copying}
              onClick={() => actions.copy([item.id])}
            >
              {t('goods.actions.copyToLibrary')}
            </Button>
            {item.mine && (
              <Link to={editPath(item.id)}>
                <Button icon={<EditOutlined />}>{t('goods.actions.edit')}</Button>
              </Link>
            )}
          </Space>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              {
                key: 'parent',
                label: t('goods.detail.parent'),
                children: (
                  <Link to={detailPath(item.parent.id)}>
                    {localTitle(item.parent, i18n.language)}
                  </Link>
                ),
              },
              {
                key: 'source',
                label: t('goods.columns.source'),
                children: t(`goods.sources.${item.source}`),
              },
              {
                key: 'tags',
                label: t('goods.edit.tags'),
                children:
                  item.tags.length > 0
                    ? item.tags.map((tag) => <Tag key={tag}>{tag}</Tag>)
                    : t('goods.detail.noTags'),
              },
              {
                key: 'created',
                label: t('goods.columns.created'),
                children: formatTimestamp(item.createTime),
              },
            ]}
          />
        </section>
      </div>
      <h3 className="library-detail__heading">{t('goods.detail.skus')}</h3>
      <Table<FinishedSku>
        rowKey="id"
        size="small"
        dataSource={item.skus}
        pagination={false}
        scroll={{ x: 560 }}
        aria-label={t('goods.detail.skus')}
        columns={[
          { key: 'sku', title: t('goods.edit.skuCode'), dataIndex: 'skuCode' },
          {
            key: 'color',
            title: t('goods.edit.color'),
            render: (_, sku) => localColor(sku, i18n.language),
          },
          {
            key: 'size',
            title: t('goods.edit.size'),
            render: (_, sku) => localSize(sku, i18n.language),
          },
          {
            key: 'price',
            title: t('goods.edit.price'),
            align: 'right',
            render: (_, sku) => `¥${formatMinor(sku.priceMinor)}`,
          },
        ]}
      />
    </Card>
  );
}
