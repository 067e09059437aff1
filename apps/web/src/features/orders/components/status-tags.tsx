import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DESK_STATUS, deskStatusName, type Order } from '@app/shared';
import { DESK_STATUS_COLORS, ORDER_STATUS_COLORS } from '../order-query.ts';
import { purchaseOrderLink } from '../paths.ts';

/** The marketplace's status with spec 4's label and colour. */
export function OrderStatusTag({ status }: { status: Order['order_status'] }) {
  const { t } = useTranslation();
  return <Tag color={ORDER_STATUS_COLORS[status]}>{t(`orders.orderStatus.${status}`)}</Tag>;
}

/** The seller's desk status. */
export function DeskStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const name = deskStatusName(status);
  return <Tag color={DESK_STATUS_COLORS[name]}>{t(`orders.deskStatus.${name}`)}</Tag>;
}

/** The store's auto-buy left the order for lack of balance or daily cap; it waits for the seller. */
export function AwaitingFundsTag({ order }: { order: Pick<Order, 'awaiting_funds'> }) {
  const { t } = useTranslation();
  if (!order.awaiting_funds) return null;
  return (
    <Tag color="gold" data-testid="awaiting-funds">
      {t('orders.awaitingFunds')}
    </Tag>
  );
}

type PurchaseLinked = Pick<
  Order,
  'status' | 'purchase_order_id' | 'purchase_order_number' | 'awaiting_funds'
>;

/** The linked platform purchase order's number, opening it on the purchase-order page. */
export function PurchaseOrderLink({ order }: { order: PurchaseLinked }) {
  if (order.purchase_order_id === null) return null;
  return (
    <Link
      to={purchaseOrderLink(order.purchase_order_id)}
      className="orders-po-link"
      data-testid="purchase-order-link"
    >
      {order.purchase_order_number ?? `#${order.purchase_order_id}`}
    </Link>
  );
}

/**
 * The desk status, with the purchase order's number under it while the order is purchased, or
 * "awaiting funds" while auto-buy left it for the seller.
 */
export function DeskStatusCell({ order }: { order: PurchaseLinked }) {
  const purchased = order.status === DESK_STATUS.purchased && order.purchase_order_id !== null;
  if (!purchased && !order.awaiting_funds) return <DeskStatusTag status={order.status} />;
  return (
    <Space orientation="vertical" size={2}>
      <DeskStatusTag status={order.status} />
      {purchased ? <PurchaseOrderLink order={order} /> : <AwaitingFundsTag order={order} />}
    </Space>
  );
}
