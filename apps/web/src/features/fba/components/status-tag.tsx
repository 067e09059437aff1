import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FbaStep } from '@app/shared';

const STATUS_COLOURS: Record<string, string> = {
  WORKING: 'processing',
  SHIPPED: 'blue',
  IN_TRANSIT: 'blue',
  RECEIVING: 'gold',
  CLOSED: 'success',
  CANCELLED: 'default',
};
const STEP_COLOURS: Record<FbaStep, string> = {
  packing: 'orange',
  placement: 'orange',
  transport: 'orange',
  confirmed: 'green',
  cancelled: 'default',
};

/** Amazon's status of a shipment, in the reader's language (Amazon's word when unknown). */
export function ShipmentStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status] ?? 'default'}>
      {t(`fba.status.${status}`, { defaultValue: status })}
    </Tag>
  );
}

export function StepTag({ step }: { step: FbaStep }) {
  const { t } = useTranslation();
  return <Tag color={STEP_COLOURS[step]}>{t(`fba.step.${step}`)}</Tag>;
}
