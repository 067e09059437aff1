import { Button, Checkbox, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatMinor, type CartView } from '@app/shared';

interface CartSummaryBarProps {
  view: CartView;
  canUpdate: boolean;
  canDelete: boolean;
  canSettle: boolean;
  onSelectAll: (selected: boolean) => void;
  onDeleteSelected: () => void;
  onClear: () => void;
  onCheckout: () => void;
}

/** Stays at the bottom of the screen: selection, what the selected payable lines cost, and Checkout. */
export function CartSummaryBar({
  view,
  canUpdate,
  canDelete,
  canSettle,
  onSelectAll,
  onDeleteSelected,
  onClear,
  onCheckout,
}: CartSummaryBarProps) {
  const { t } = useTranslation();
  const selected = view.items.filter((line) => line.selected);
  const payable = selected.filter((line) => line.problem === null);
  const allSelected = view.items.length > 0 && selected.length === view.items.length;

  const checkout = (
    <Button
      type="primary"
      size="large"
      disabled={payable.length === 0 || !canSettle}
      onClick={onCheckout}
    >
      {t('cart.summary.checkout')}
    </Button>
  );

  return (
    <div className="cart-summary" role="region" aria-label={t('cart.summary.subtotal')}>
      <div className="cart-summary__left">
        <Checkbox
          checked={allSelected}
          indeterminate={selected.length > 0 && !allSelected}
          disabled={!canUpdate}
          onChange={(event) => onSelectAll(event.target.checked)}
        >
          {t('cart.selectAll')}
        </Checkbox>
        {canDelete && (
          <>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              onClick={onDeleteSelected}
            >
              {t('cart.deleteSelected')}
            </Button>
            <Button type="text" onClick={onClear}>
              {t('cart.clear')}
            </Button>
          </>
        )}
      </div>
      <div className="cart-summary__right">
        <span className="cart-summary__counts">
          <span>{t('cart.summary.selected', { count: view.selected_count })}</span>
          <span aria-hidden> · </span>
          <span>{t('cart.summary.quantity', { count: view.selected_quantity })}</span>
        </span>
        <span className="cart-summary__subtotal">
          {t('cart.summary.subtotal')}
          <strong className="cart-money cart-money--large">
            ¥{formatMinor(view.subtotal_minor)}
          </strong>
        </span>
        {payable.length === 0 ? (
          <Tooltip title={t('cart.summary.nothingPayable')}>
            <span>{checkout}</span>
          </Tooltip>
        ) : (
          checkout
        )}
      </div>
    </div>
  );
}
