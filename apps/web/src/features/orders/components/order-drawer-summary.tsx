import { Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatTimestamp, MARKETPLACE_NAMES, type Order } from '@app/shared';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useLogisticsChannels } from '../api/orders.ts';
import { readableRemoteId } from '../../../shared/remote-id.ts';
import { ShipmentPushDetail } from './shipment-push.tsx';
import {
  AwaitingFundsTag,
  DeskStatusTag,
  OrderStatusTag,
  PurchaseOrderLink,
} from './status-tags.tsx';

/** Every field of the order at a glance: store, states, money, origin, dates and logistics. */
export function OrderSummary({ order, canRetryPush }: { order: Order; canRetryPush: boolean }) {
  const { t } = useTranslation();
  const zh = currentLanguage() === 'zh-CN';
  const channels = useLogisticsChannels();
  const channel = channels.data?.find((c) => c.id === order.user_logistics_channel_id);
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      title={t('orders.drawer.summary')}
      items={[
        {
          key: 'store',
          label: t('orders.drawer.store'),
          children: `${order.market_alias} · ${MARKETPLACE_NAMES[order.marketplace]}`,
        },
        {
          key: 'remote',
          label: t('orders.drawer.remoteId'),
          children: readableRemoteId(order.remote_id) ?? '—',
        },
        {
          key: 'order_status',
          label: t('orders.columns.orderStatus'),
          children: <OrderStatusTag status={order.order_status} />,
        },
        {
          key: 'status',
          label: t('orders.columns.status'),
          children: (
            <Space size={4}>
              <DeskStatusTag status={order.status} />
              {order.hold && <Tag color="orange">{t('orders.onHold')}</Tag>}
              <AwaitingFundsTag order={order} />
            </Space>
          ),
        },
        { key: 'raw', label: t('orders.drawer.remoteStatus'), children: order.remote_status },
        {
          key: 'total',
          label: t('orders.drawer.total'),
          children: formatMoney(order.total_minor, order.currency, currentLanguage()),
        },
        { key: 'qty', label: t('orders.drawer.quantity'), children: order.quantity },
        {
          key: 'fulfillment',
          label: t('orders.drawer.fulfillment'),
          children: t(`orders.channel.${order.fulfillment_channel}`),
        },
        {
          key: 'origin',
          label: t('orders.drawer.origin'),
          children: t(`orders.origin.${order.order_from}`),
        },
        { key: 'parent', label: t('orders.drawer.parent'), children: order.parent_id ?? '—' },
        {
          key: 'po',
          label: t('orders.drawer.purchaseOrder'),
          children: order.purchase_order_id === null ? '—' : <PurchaseOrderLink order={order} />,
        },
        {
          key: 'purchased',
          label: t('orders.drawer.purchaseDate'),
          children: formatTimestamp(order.purchase_date),
        },
        {
          key: 'updated',
          label: t('orders.drawer.updated'),
          children: formatTimestamp(order.remote_updated_at),
        },
        {
          key: 'created',
          label: t('orders.drawer.created'),
          children: formatTimestamp(order.created_at),
        },
        {
          key: 'channel',
          label: t('orders.drawer.logistics'),
          children: channel ? (zh ? channel.name_zh : channel.name_en) : '—',
        },
        {
          key: 'tracking',
          label: t('orders.drawer.tracking'),
          children: order.shipped_number ?? '—',
        },
        {
          key: 'push',
          label: t('orders.shipmentPush.label'),
          children: <ShipmentPushDetail order={order} canRetry={canRetryPush} />,
        },
      ]}
    />
  );
}
