import { useState } from 'react';
import { Alert, Drawer, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  deskStatusName,
  MARKETPLACE_NAMES,
  permOf,
  type Order,
  type OrderAction,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { AuditHistory } from '../../team/index.ts';
import { cancelOrder, useOrderLog, useOrderMutation, useOrdersById } from '../api/orders.ts';
import { orderPaths } from '../paths.ts';
import { AddressDialog, CancelDialog, SplitDialog } from './order-dialogs.tsx';
import { OrderDrawerActions } from './order-drawer-actions.tsx';
import { OrderItems } from './order-drawer-items.tsx';
import { LogTimeline } from './order-drawer-log.tsx';
import { MemoEditor } from './order-drawer-memo.tsx';
import { OrderSummary } from './order-drawer-summary.tsx';
import { ActionButton } from './order-table.tsx';

const PAGE = orderPaths.desk;

function formatAddress(order: Order): string {
  const a = order.address;
  if (!a) return '';
  return [a.line1, a.line2, a.city, a.state, a.postal_code, a.country_code]
    .filter(Boolean)
    .join(', ');
}

function OrderDetail({ order, readOnly }: { order: Order; readOnly: boolean }) {
  const { t } = useTranslation();
  const log = useOrderLog(order.id);
  // The audit log is the boss's (the route refuses staff), so staff never ask for it.
  const isBoss = useAuthStore((s) => s.userInfo?.is_boss ?? false);
  const [dialog, setDialog] = useState<'address' | 'split' | 'cancel' | null>(null);
  // The marketplace works a marketplace-fulfilled order: the server allows it only a memo.
  const marketFulfilled = order.fulfillment_channel === 'AFN';
  const locked = readOnly || marketFulfilled;
  const canUpdate = useCan(permOf(PAGE, 'update')) && !locked;
  const canMemo = useCan(permOf(PAGE, 'memo')) && !readOnly;
  const perms = {
    hold: useCan(permOf(PAGE, 'hold')) && !locked,
    cancel: useCan(permOf(PAGE, 'cancel')) && !locked,
    split: useCan(permOf(PAGE, 'split')) && !locked,
    copy: useCan(permOf(PAGE, 'copy')) && !locked,
    logistics: useCan(permOf(PAGE, 'logistics')) && !locked,
  };
  const cancel = useOrderMutation(cancelOrder);

  const allows = (action: OrderAction) => order.actions.includes(action);
  const refusal = t('orders.drawer.notAllowed', {
    status: t(`orders.deskStatus.${deskStatusName(order.status)}`),
  });

  return (
    <div className="orders-drawer-body">
      {marketFulfilled && (
        <Alert
          type="info"
          showIcon
          className="orders-gap"
          title={t('orders.drawer.marketFulfilled', {
            marketplace: MARKETPLACE_NAMES[order.marketplace],
          })}
        />
      )}
      {!locked && (
        <OrderDrawerActions
          order={order}
          perms={perms}
          refusal={refusal}
          onSplit={() => setDialog('split')}
          onCancel={() => setDialog('cancel')}
        />
      )}

      <OrderSummary order={order} canRetryPush={perms.logistics} />

      <section className="orders-drawer-section">
        <Space className="orders-section-head">
          <Typography.Title level={5}>{t('orders.drawer.address')}</Typography.Title>
          {canUpdate && (
            <ActionButton
              size="small"
              allowed={allows('save_address')}
              reason={refusal}
              onClick={() => setDialog('address')}
            >
              {t('orders.drawer.editAddress')}
            </ActionButton>
          )}
        </Space>
        {order.address ? (
          <div data-testid="order-address">
            <div>
              <strong>{order.address.name}</strong> {order.address.phone}
            </div>
            <div>{formatAddress(order)}</div>
          </div>
        ) : (
          <span className="orders-muted">{t('orders.drawer.noAddress')}</span>
        )}
      </section>

      <OrderItems
        order={order}
        canEditQuantity={canUpdate && allows('edit_num')}
        canCancelItem={perms.cancel && allows('cancel_item')}
      />

      <MemoEditor
        key={order.memo}
        order={order}
        canMemo={canMemo && allows('save_memo')}
        visible={canMemo}
      />

      <section className="orders-drawer-section">
        <Typography.Title level={5}>{t('orders.drawer.log')}</Typography.Title>
        {log.isLoading ? <Spin /> : <LogTimeline logs={log.data ?? []} />}
      </section>

      {isBoss && (
        <section className="orders-drawer-section">
          <Typography.Title level={5}>{t('team.history.title')}</Typography.Title>
          <AuditHistory object="order" id={order.id} />
        </section>
      )}

      {dialog === 'address' && <AddressDialog order={order} onClose={() => setDialog(null)} />}
      {dialog === 'split' && <SplitDialog order={order} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && (
        <CancelDialog
          title={t('orders.cancel.title', { number: order.seller_order_id })}
          hint={t('orders.cancel.hint')}
          okText={t('orders.batch.confirmCancel')}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            try {
              await cancel.mutateAsync({ id: order.id, reason });
              feedback.success(t('orders.drawer.cancelled'));
            } catch (error) {
              reportError(error);
              throw error;
            }
          }}
        />
      )}
    </div>
  );
}

/** The order's drawer: every field, address, memo, items, actions and its log. */
export function OrderDrawer({
  orderId,
  onClose,
  readOnly = false,
}: {
  orderId: number | null;
  onClose: () => void;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const shown = useOrdersById(orderId === null ? [] : [orderId]);
  const order = shown.data?.[0];
  return (
    <Drawer
      open={orderId !== null}
      size={880}
      onClose={onClose}
      destroyOnHidden
      title={order ? t('orders.drawer.title', { number: order.seller_order_id }) : ' '}
    >
      {shown.isLoading ? (
        <Spin />
      ) : order ? (
        <OrderDetail key={order.id} order={order} readOnly={readOnly} />
      ) : (
        <Result status="404" subTitle={t('orders.drawer.notFound')} />
      )}
    </Drawer>
  );
}
