import { Alert, Button, Card, Empty, Modal } from 'antd';
import { ReloadOutlined, ShoppingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { permOf, type CartLine, type CartView } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import {
  clearCart,
  decrementLine,
  deleteLines,
  incrementLine,
  patchLine,
  selectAllLines,
  selectLine,
  setLineQuantity,
  switchLineSku,
  useCart,
  useCartMutation,
} from '../api/cart.ts';
import { CartSummaryBar } from '../components/cart-summary-bar.tsx';
import { CartTable } from '../components/cart-table.tsx';
import { CART_PATH, CHECKOUT_PATH, LIBRARY_PATH } from '../paths.ts';
import '../cart.css';

const perm = (action: string) => permOf(CART_PATH, action);
const quantityOf = (view: CartView, id: number) =>
  view.items.find((line) => line.id === id)?.quantity ?? 1;

export function ShoppingCartPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cart = useCart();
  const can = {
    update: useCan(perm('update')),
    delete: useCan(perm('delete')),
    settle: useCan(perm('settle')),
  };
  const onError = { onError: (error: unknown) => reportError(error) };

  const increment = useCartMutation(incrementLine, (input, view) =>
    patchLine(view, input.id, { quantity: quantityOf(view, input.id) + 1 }),
  );
  const decrement = useCartMutation(decrementLine, (input, view) =>
    patchLine(view, input.id, { quantity: Math.max(1, quantityOf(view, input.id) - 1) }),
  );
  const setQuantity = useCartMutation(setLineQuantity, (input, view) =>
    patchLine(view, input.id, { quantity: input.quantity }),
  );
  const switchSku = useCartMutation(switchLineSku);
  const select = useCartMutation(selectLine, (input, view) =>
    patchLine(view, input.id, { selected: input.selected }),
  );
  const selectAll = useCartMutation(selectAllLines, (input, view) => ({
    ...view,
    items: view.items.map((line) => ({ ...line, selected: input.selected })),
  }));
  const remove = useCartMutation(deleteLines);
  const clear = useCartMutation(clearCart);

  const view = cart.data;
  const selected = view?.items.filter((line) => line.selected) ?? [];

  const confirmRemove = (lines: CartLine[]) =>
    Modal.confirm({
      title:
        lines.length === 1
          ? t('cart.deleteOne.title', { title: lines[0]!.title })
          : t('cart.deleteMany.title', { count: lines.length }),
      content: t('cart.deleteMany.content'),
      okText: t('cart.deleteMany.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync({ ids: lines.map((line) => line.id) })
          .then(() => feedback.success(t('cart.deleted')))
          .catch(reportError),
    });

  const confirmClear = () =>
    Modal.confirm({
      title: t('cart.clearConfirm.title'),
      content: t('cart.clearConfirm.content', { count: view?.count ?? 0 }),
      okText: t('cart.clearConfirm.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        clear
          .mutateAsync()
          .then(() => feedback.success(t('cart.cleared')))
          .catch(reportError),
    });

  const empty = (
    <Empty
      className="cart-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <strong className="cart-empty__title">{t('cart.empty.title')}</strong>
          <span className="cart-empty__text">{t('cart.empty.description')}</span>
        </>
      }
    >
      <Button
        type="primary"
        icon={<ShoppingOutlined />}
        onClick={() => void navigate(LIBRARY_PATH)}
      >
        {t('cart.empty.action')}
      </Button>
    </Empty>
  );

  return (
    <Card
      className="page-card cart-page"
      variant="borderless"
      title={title}
      extra={
        <Button
          icon={<ReloadOutlined />}
          loading={cart.isFetching && !cart.isPending}
          onClick={() => void cart.refetch()}
        >
          {t('cart.refresh')}
        </Button>
      }
    >
      {cart.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('cart.loadFailed')}
          description={cart.error.message}
          action={<Button onClick={() => void cart.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <>
          <CartTable
            view={view}
            loading={cart.isPending}
            empty={empty}
            canUpdate={can.update}
            canDelete={can.delete}
            actions={{
              select: (line, value) => select.mutate({ id: line.id, selected: value }, onError),
              selectAll: (value) => selectAll.mutate({ selected: value }, onError),
              increment: (line) => increment.mutate({ id: line.id }, onError),
              decrement: (line) => decrement.mutate({ id: line.id }, onError),
              setQuantity: (line, quantity) =>
                setQuantity.mutate({ id: line.id, quantity }, onError),
              switchSku: (line, skuId) =>
                switchSku.mutate(
                  { id: line.id, sku_id: skuId },
                  { ...onError, onSuccess: () => feedback.success(t('cart.variantSwitched')) },
                ),
              remove: (line) => confirmRemove([line]),
            }}
          />
          {view && view.items.length > 0 && (
            <CartSummaryBar
              view={view}
              canUpdate={can.update}
              canDelete={can.delete}
              canSettle={can.settle}
              onSelectAll={(value) => selectAll.mutate({ selected: value }, onError)}
              onDeleteSelected={() => confirmRemove(selected)}
              onClear={confirmClear}
              onCheckout={() => void navigate(CHECKOUT_PATH)}
            />
          )}
        </>
      )}
    </Card>
  );
}
