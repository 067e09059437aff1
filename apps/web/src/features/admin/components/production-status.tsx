import { useTranslation } from 'react-i18next';
import type { PurchaseOrderStatus } from '@app/shared';
import { PoStatusTag } from '../../../shared/ui/po-status-tag.tsx';

export function ProductionStatus({ status }: { status: PurchaseOrderStatus }) {
  const { t } = useTranslation();
  return <PoStatusTag status={status}>{t(`admin.production.statuses.${status}`)}</PoStatusTag>;
}
