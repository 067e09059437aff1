import { useState } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShopeeOrder } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { saveBlob } from '../../../shared/save-blob.ts';
import {
  downloadLabel,
  purchaseOrders,
  unbindFirstMile,
  useShopeeMutation,
} from '../api/shopee-orders.ts';

/**
 * The order actions that run without a dialog: print the label, unbind the first mile (after a
 * confirmation) and add to the cart. `onChanged` refreshes the list after a label is printed;
 * `onUnbound` clears the selection.
 */
export function useOrderActions({
  onChanged,
  onUnbound,
}: {
  onChanged: () => void;
  onUnbound: () => void;
}) {
  const { t } = useTranslation();
  const [printing, setPrinting] = useState<number | null>(null);
  const unbind = useShopeeMutation(unbindFirstMile);
  const purchase = useShopeeMutation(purchaseOrders);

  /** First-mile binding works per store: a mixed selection is refused with a warning. */
  const oneStore = (orders: ShopeeOrder[]) => {
    if (new Set(orders.map((o) => o.market_id)).size > 1) {
      feedback.warning(t('shopeeOrders.firstMile.oneStore'));
      return false;
    }
    return true;
  };

  const print = async (order: ShopeeOrder) => {
    setPrinting(order.id);
    try {
      const blob = await downloadLabel(order.id);
      saveBlob(blob, `shopee-${order.seller_order_id}.pdf`);
      feedback.success(t('shopeeOrders.label.done'));
      onChanged();
    } catch (error) {
      reportError(error);
    } finally {
      setPrinting(null);
    }
  };

  const askUnbind = (orders: ShopeeOrder[]) => {
    if (!oneStore(orders)) return;
    Modal.confirm({
      title: t('shopeeOrders.firstMile.unbindConfirm', { count: orders.length }),
      okText: t('shopeeOrders.actions.unbind'),
      okButtonProps: { danger: true },
      cancelText: t('shopeeOrders.cancel'),
      onOk: () =>
        unbind
          .mutateAsync({ ids: orders.map((o) => o.id) })
          .then((answer) => {
            const ok = answer.results.filter((r) => r.ok).length;
            const failed = answer.results.length - ok;
            if (failed === 0) feedback.success(t('shopeeOrders.firstMile.unbound', { count: ok }));
            else feedback.warning(t('shopeeOrders.firstMile.result', { ok, failed }), 6);
            onUnbound();
          })
          .catch((error: unknown) => reportError(error)),
    });
  };

  const addToCart = (orders: ShopeeOrder[]) =>
    purchase.mutate(
      { ids: orders.map((o) => o.id) },
      {
        onSuccess: (answer) => {
          const missing = answer.items.filter((i) => !i.ok);
          if (answer.added > 0)
            feedback.success(t('shopeeOrders.cart.done', { added: answer.added }));
          if (missing.length > 0) {
            feedback.warning(
              t('shopeeOrders.cart.missing', {
                count: missing.length,
                skus: [...new Set(missing.map((i) => i.sku))].join(', '),
              }),
              6,
            );
          }
        },
        onError: (error) => reportError(error),
      },
    );

  return { oneStore, print, printing, askUnbind, addToCart, adding: purchase.isPending };
}
