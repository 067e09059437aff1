import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { deskStatusName, type Order } from '@app/shared';
import { DESK_STATUS_COLORS, ORDER_STATUS_COLORS } from '../order-query.ts';

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
