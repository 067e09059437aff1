import type { ReactNode } from 'react';
import { Tag } from 'antd';
import type { PurchaseOrderStatus } from '@app/shared';

/**
 * One colour per purchase-order state, on the seller's finance pages and the operator's desk
 * alike; each screen names the state in its own words ("To accept" on the desk).
 */
const COLORS: Record<PurchaseOrderStatus, string> = {
  unpaid: 'orange',
  paid: 'gold',
  in_production: 'processing',
  partially_shipped: 'cyan',
  shipped: 'geekblue',
  delivered: 'success',
  exception: 'error',
  cancelled: 'default',
  refunded: 'purple',
};

export function PoStatusTag({
  status,
  children,
}: {
  status: PurchaseOrderStatus;
  children: ReactNode;
}) {
  return <Tag color={COLORS[status]}>{children}</Tag>;
}
