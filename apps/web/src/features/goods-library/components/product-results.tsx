import { Card, Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTimestamp, type ParentProductSummary } from '@app/shared';
import { detailPath } from '../paths.ts';
import { ProductImage } from './product-image.tsx';
import { localTitle } from './product-title.ts';

interface ResultsProps {
  items: ParentProductSummary[];
}

/** Cards are links, so Tab reaches each product and Enter opens it. */
export function ProductGrid({ items }: ResultsProps) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="library-grid">
      {items.map((item) => {
        const title = localTitle(item, i18n.language);
        return (
          <li key={item.id}>
            <Link to={detailPath(item.id)} className="library-card" aria-label={title}>
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
                <div className="library-card__cost">
                  {t('goodsLibrary.cost', { amount: formatMinor(item.costMinor) })}
                </div>
                <div className="library-card__supplier">
                  {t('goodsLibrary.supplier', { name: item.supplier })}
                </div>
              </Card>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function ProductTable({ items }: ResultsProps) {
  const { t, i18n } = useTranslation();
  return (
    <Table<ParentProductSummary>
      className="library-table"
      rowKey="id"
      dataSource={items}
      pagination={false}
      size="middle"
      scroll={{ x: 720 }}
      columns={[
        {
          key: 'image',
          title: t('goodsLibrary.columns.image'),
          width: 88,
          render: (_, item) => (
            <ProductImage
              src={item.image}
              alt={localTitle(item, i18n.language)}
              className="library-table__image"
            />
          ),
        },
        {
          key: 'title',
          title: t('goodsLibrary.columns.title'),
          render: (_, item) => (
            <Link to={detailPath(item.id)}>{localTitle(item, i18n.language)}</Link>
          ),
        },
        {
          key: 'cost',
          title: t('goodsLibrary.columns.cost'),
          align: 'right',
          width: 120,
          render: (_, item) => `¥${formatMinor(item.costMinor)}`,
        },
        { key: 'supplier', title: t('goodsLibrary.columns.supplier'), dataIndex: 'supplier' },
        {
          key: 'created',
          title: t('goodsLibrary.columns.created'),
          width: 120,
          render: (_, item) => formatTimestamp(item.createTime, false),
        },
      ]}
    />
  );
}
