import { Alert, Descriptions, Drawer, Empty, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatMinor,
  formatTimestamp,
  type PurchaseOrder,
  type PurchaseOrderItem,
} from '@app/shared';
import { usePurchaseOrder } from '../api/purchase-orders.ts';
import { PaidVia, StatusTag } from './money-cells.tsx';

function addressLines(address: NonNullable<PurchaseOrder['address']>): string[] {
  return [
    `${address.name} · ${address.phone}`,
    [address.address1, address.address2].filter(Boolean).join(', '),
    [address.district, address.city, address.province, address.postcode, address.country_code]
      .filter(Boolean)
      .join(', '),
  ];
}

function OrderDetails({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  const columns = [
    {
      title: t('finance.orders.columns.items'),
      dataIndex: 'title',
      render: (title: string, item: PurchaseOrderItem) => (
        <div className="finance-items">
          {item.image ? (
            <img className="finance-items__thumb" src={item.image} alt="" loading="lazy" />
          ) : (
            <span className="finance-items__thumb" aria-hidden />
          )}
          <div className="finance-items__text">
            <div className="finance-items__title" title={title}>
              {title}
            </div>
            <div className="finance-items__more">
              {[item.sku_code, item.color, item.size].filter(Boolean).join(' · ')}
            </div>
          </div>
        </div>
      ),
    },
    { title: t('finance.orders.columns.quantity'), dataIndex: 'quantity', align: 'right' as const },
    {
      title: t('finance.orders.drawer.unitPrice'),
      dataIndex: 'unit_price_minor',
      align: 'right' as const,
      render: (value: number) => formatMinor(value),
    },
    {
      title: t('finance.orders.drawer.lineTotal'),
      dataIndex: 'line_total_minor',
      align: 'right' as const,
      render: (value: number) => formatMinor(value),
    },
  ];

  return (
    <>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('finance.orders.drawer.status')}>
          <StatusTag status={order.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('finance.orders.columns.created')}>
          {formatTimestamp(order.created_at)}
        </Descriptions.Item>
        {order.paid_at !== null && (
          <Descriptions.Item label={t('finance.orders.drawer.paidAt')}>
            {formatTimestamp(order.paid_at)} · <PaidVia via={order.paid_via} />
          </Descriptions.Item>
        )}
        {order.cancelled_at !== null && (
          <Descriptions.Item label={t('finance.orders.drawer.cancelledAt')}>
            {formatTimestamp(order.cancelled_at)}
          </Descriptions.Item>
        )}
        {order.remark ? (
          <Descriptions.Item label={t('finance.orders.drawer.remark')}>
            {order.remark}
          </Descriptions.Item>
        ) : null}
      </Descriptions>

      <Typography.Title level={5} className="finance-drawer__heading">
        {t('finance.orders.drawer.items')}
      </Typography.Title>
      <Table<PurchaseOrderItem>
        rowKey="sku_id"
        size="small"
        columns={columns}
        dataSource={order.items}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      />

      <Typography.Title level={5} className="finance-drawer__heading">
        {t('finance.orders.drawer.address')}
      </Typography.Title>
      {order.address ? (
        addressLines(order.address).map((line) => <div key={line}>{line}</div>)
      ) : (
        <Typography.Text type="secondary">{t('finance.orders.drawer.noAddress')}</Typography.Text>
      )}

      <Typography.Title level={5} className="finance-drawer__heading">
        {t('finance.orders.drawer.amounts')}
      </Typography.Title>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('finance.orders.columns.goods')}>
          ¥{formatMinor(order.goods_minor)}
        </Descriptions.Item>
        <Descriptions.Item label={t('finance.orders.columns.shipping')}>
          ¥{formatMinor(order.shipping_minor)}
        </Descriptions.Item>
        <Descriptions.Item label={t('finance.orders.columns.discount')}>
          −¥{formatMinor(order.discount_minor)}
        </Descriptions.Item>
        <Descriptions.Item label={t('finance.orders.columns.total')}>
          <strong>¥{formatMinor(order.amount_minor)}</strong>
        </Descriptions.Item>
        {order.refunded_minor > 0 && (
          <Descriptions.Item label={t('finance.orders.drawer.refunded')}>
            ¥{formatMinor(order.refunded_minor)}
          </Descriptions.Item>
        )}
      </Descriptions>
    </>
  );
}

/** The order named by `?order=` in the URL, read fresh from the server. */
export function OrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const order = usePurchaseOrder(id);
  return (
    <Drawer
      open={id !== null}
      size={640}
      title={order.data ? t('finance.orders.drawer.title', { number: order.data.number }) : ''}
      onClose={onClose}
      destroyOnHidden
    >
      {order.isError ? (
        <Alert type="error" showIcon title={order.error.message} />
      ) : order.data ? (
        <OrderDetails order={order.data} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
