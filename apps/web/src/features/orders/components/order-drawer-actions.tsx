import { Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Order, OrderAction } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { copyOrder, setHold, useOrderMutation } from '../api/orders.ts';
import { idsLink, orderPaths } from '../paths.ts';
import { runWithFeedback } from './order-drawer-feedback.ts';
import { ActionButton } from './order-table.tsx';

/** Which drawer actions the signed-in user holds (false throughout in read-only drawers). */
export interface DrawerPerms {
  hold: boolean;
  split: boolean;
  copy: boolean;
  logistics: boolean;
  cancel: boolean;
}

/**
 * The action bar: hold or release, split, copy, logistics and cancel. A button the order's
 * status refuses stays visible, disabled, with `refusal` as the reason.
 */
export function OrderDrawerActions({
  order,
  perms,
  refusal,
  onSplit,
  onCancel,
}: {
  order: Order;
  perms: DrawerPerms;
  refusal: string;
  onSplit: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hold = useOrderMutation(setHold);
  const copy = useOrderMutation(copyOrder);
  const allows = (action: OrderAction) => order.actions.includes(action);
  const setHeld = (held: boolean) =>
    void runWithFeedback(
      () => hold.mutateAsync({ id: order.id, hold: held }),
      t(held ? 'orders.drawer.held' : 'orders.drawer.released'),
    );

  return (
    <Space wrap className="orders-gap" aria-label={t('orders.drawer.actions')}>
      {order.hold ? (
        <ActionButton
          visible={perms.hold}
          allowed={allows('unhold')}
          reason={refusal}
          loading={hold.isPending}
          onClick={() => setHeld(false)}
        >
          {t('orders.drawer.release')}
        </ActionButton>
      ) : (
        <ActionButton
          visible={perms.hold}
          allowed={allows('hold')}
          reason={refusal}
          loading={hold.isPending}
          onClick={() => setHeld(true)}
        >
          {t('orders.drawer.hold')}
        </ActionButton>
      )}
      <ActionButton
        visible={perms.split}
        allowed={allows('split')}
        reason={refusal}
        onClick={onSplit}
      >
        {t('orders.drawer.split')}
      </ActionButton>
      <ActionButton
        visible={perms.copy}
        allowed={allows('copy')}
        reason={refusal}
        loading={copy.isPending}
        onClick={() =>
          Modal.confirm({
            title: t('orders.drawer.copyConfirm'),
            cancelText: t('common.cancel'),
            onOk: async () => {
              try {
                const created = await copy.mutateAsync({ id: order.id });
                feedback.success(t('orders.drawer.copied', { number: created.seller_order_id }));
              } catch (error) {
                reportError(error);
              }
            },
          })
        }
      >
        {t('orders.drawer.copy')}
      </ActionButton>
      <ActionButton
        visible={perms.logistics}
        allowed={allows('save_logistics')}
        reason={refusal}
        onClick={() => void navigate(idsLink(orderPaths.logistics, [order.id]))}
      >
        {t('orders.drawer.logisticsAction')}
      </ActionButton>
      <ActionButton
        visible={perms.cancel}
        allowed={allows('cancel')}
        reason={refusal}
        danger
        onClick={onCancel}
      >
        {t('orders.drawer.cancel')}
      </ActionButton>
    </Space>
  );
}
