import { useState } from 'react';
import { Descriptions, Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMinor, type ParentProductDetail, type ParentSku } from '@app/shared';
import { PrintAreaImage } from './print-area-image.tsx';
import { ProductImage } from './product-image.tsx';
import { localAttributes, localColor, localName, localSize } from './product-title.ts';

type Heading = 'h2' | 'h3';

/** The pictures with their print areas and a thumbnail strip; starts at the first picture. */
export function ParentProductGallery({
  item,
  title,
}: {
  item: ParentProductDetail;
  title: string;
}) {
  const { t } = useTranslation();
  // Another product (same page, new ?id=) starts again from its first picture.
  const [picked, setPicked] = useState({ id: item.id, index: 0 });
  const selected = picked.id === item.id ? picked.index : 0;
  const images = [...item.images].sort((a, b) => a.orderNum - b.orderNum);
  const main = images[Math.min(selected, images.length - 1)];
  return (
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
              onClick={() => setPicked({ id: item.id, index })}
            >
              <ProductImage src={image.url} alt="" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

interface FactsProps {
  item: ParentProductDetail;
  /** Sellers also see the supplier, and stock and status per SKU; visitors do not. */
  internal: boolean;
  heading: Heading;
}

/** Category, weight, package size and the attribute list. */
export function ParentProductFacts({ item, internal, heading: H }: FactsProps) {
  const { t, i18n } = useTranslation();
  const attributes = Object.entries(localAttributes(item, i18n.language));
  return (
    <>
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
          ...(internal
            ? [
                {
                  key: 'supplier',
                  label: t('goodsLibrary.detail.supplier'),
                  children: item.supplier,
                },
              ]
            : []),
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
      <H className="library-detail__heading">{t('goodsLibrary.detail.attributes')}</H>
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
            label: name,
            children: value,
          }))}
        />
      )}
    </>
  );
}

/** The SKUs with their cost; sellers also see stock and whether each is on sale. */
export function ParentSkuTable({ item, internal, heading: H }: FactsProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <H className="library-detail__heading">{t('goodsLibrary.detail.skus')}</H>
      <Table<ParentSku>
        rowKey="id"
        size="small"
        dataSource={item.skus}
        pagination={false}
        scroll={{ x: internal ? 640 : 480 }}
        aria-label={t('goodsLibrary.detail.skus')}
        columns={[
          { key: 'sku', title: t('goodsLibrary.detail.sku'), dataIndex: 'sku' },
          {
            key: 'color',
            title: t('goodsLibrary.detail.color'),
            render: (_, sku) => localColor(sku, i18n.language),
          },
          {
            key: 'size',
            title: t('goodsLibrary.detail.skuSize'),
            render: (_, sku) => localSize(sku, i18n.language),
          },
          {
            key: 'cost',
            title: t('goodsLibrary.detail.skuCost'),
            align: 'right',
            render: (_, sku) => `¥${formatMinor(sku.costMinor)}`,
          },
          ...(internal
            ? [
                {
                  key: 'stock',
                  title: t('goodsLibrary.detail.stock'),
                  dataIndex: 'stock',
                  align: 'right' as const,
                },
                {
                  key: 'status',
                  title: t('goodsLibrary.detail.status'),
                  render: (_: unknown, sku: ParentSku) =>
                    sku.status === 'on' ? (
                      <Tag color="green">{t('goodsLibrary.detail.on')}</Tag>
                    ) : (
                      <Tag>{t('goodsLibrary.detail.off')}</Tag>
                    ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
