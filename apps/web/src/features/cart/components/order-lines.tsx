import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMinor, type CartLine } from '@app/shared';
import { LineImage } from './line-image.tsx';

/** The lines an order will contain, read-only. */
export function OrderLines({ items }: { items: CartLine[] }) {
  const { t } = useTranslation();
  return (
    <Table<CartLine>
      className="checkout-lines"
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={items}
      scroll={{ x: 640 }}
      columns={[
        {
          key: 'product',
          title: t('cart.columns.product'),
          render: (_, line) => (
            <div className="cart-product">
              <LineImage src={line.image} alt={line.title} />
              <div className="cart-product__text">
                <span className="cart-product__title">{line.title}</span>
                <span className="cart-product__sku">{t('cart.sku', { code: line.sku_code })}</span>
              </div>
            </div>
          ),
        },
        {
          key: 'variant',
          title: t('cart.columns.variant'),
          render: (_, line) => [line.color, line.size].filter(Boolean).join(' / ') || '—',
        },
        {
          key: 'price',
          title: t('cart.columns.unitPrice'),
          align: 'right',
          render: (_, line) => `¥${formatMinor(line.unit_price_minor)}`,
        },
        {
          key: 'quantity',
          title: t('cart.columns.quantity'),
          align: 'center',
          dataIndex: 'quantity',
        },
        {
          key: 'total',
          title: t('cart.columns.lineTotal'),
          align: 'right',
          render: (_, line) => (
            <span className="cart-money">¥{formatMinor(line.line_total_minor)}</span>
          ),
        },
      ]}
    />
  );
}
