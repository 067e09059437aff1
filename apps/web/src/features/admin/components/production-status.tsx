import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrderStatus } from '@app/shared';

const COLORS: Record<PurchaseOrderStatus, string> = {
  unpaid: 'default',
  paid: 'gold',
  in_production: 'processing',
  partially_shipped: 'cyan',
  shipped: 'blue',
  delivered: 'success',
  exception: 'error',
  cancelled: 'default',
  refunded: 'purple',
};

export function ProductionStatus({ status }: { status: PurchaseOrderStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`admin.production.statuses.${status}`)}</Tag>;
}
