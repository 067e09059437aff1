import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Order, ShipmentPush, ShipmentPushStatus } from '@app/shared';
import { retryShipmentPush, useOrderMutation } from '../api/orders.ts';
import { runWithFeedback } from './order-drawer-feedback.ts';

const PUSH_COLORS: Record<ShipmentPushStatus, string> = {
  queued: 'default',
  pushing: 'processing',
  confirmed: 'success',
  refused: 'error',
  failed: 'warning',
};

/** Where the tracking's push to the marketplace stands; the refusal reason on hover. */
export function ShipmentPushTag({ push }: { push: ShipmentPush }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={PUSH_COLORS[push.status]} data-testid="shipment-push-tag">
      {t(`orders.shipmentPush.${push.status}`)}
    </Tag>
  );
  return push.reason ? <Tooltip title={push.reason}>{tag}</Tooltip> : tag;
}

/** The drawer's line: the tag, the marketplace's reason and, for a stopped push, Retry. */
export function ShipmentPushDetail({ order, canRetry }: { order: Order; canRetry: boolean }) {
  const { t } = useTranslation();
  const retry = useOrderMutation(retryShipmentPush);
  const push = order.shipment_push;
  if (!push) return <>—</>;
  const stopped = push.status === 'refused' || push.status === 'failed';
  return (
    <Space orientation="vertical" size={2}>
      <ShipmentPushTag push={push} />
      {push.reason && (
        <Typography.Text type="danger" data-testid="shipment-push-reason">
          {push.reason}
        </Typography.Text>
      )}
      {stopped && canRetry && (
        <Button
          size="small"
          loading={retry.isPending}
          onClick={() =>
            runWithFeedback(
              () => retry.mutateAsync({ ids: [order.id] }),
              t('orders.shipmentPush.retried'),
            )
          }
        >
          {t('orders.shipmentPush.retry')}
        </Button>
      )}
    </Space>
  );
}
