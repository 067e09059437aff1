import { Alert, Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMinor, type OrderSubmitResult } from '@app/shared';
import { LIBRARY_PATH, MARKET_ORDERS_PATH, ORDERS_PATH } from '../paths.ts';

/**
 * The marketplace orders the cart lines were added for: which are purchased now, and which
 * were left as they were (their status changed meanwhile) with the reason.
 */
function MarketplaceOrders({ order }: { order: OrderSubmitResult }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const linked = order.linked_orders ?? [];
  const skipped = order.skipped_orders ?? [];
  if (linked.length === 0 && skipped.length === 0) return null;
  return (
    <div className="checkout-market-orders">
      {linked.length > 0 && (
        <Alert
          type="success"
          showIcon
          title={t('cart.checkout.marketOrders.linked', {
            count: linked.length,
            numbers: linked.map((o) => o.number).join(', '),
          })}
          action={
            <Button size="small" onClick={() => void navigate(`${MARKET_ORDERS_PATH}?status=40`)}>
              {t('cart.checkout.marketOrders.view')}
            </Button>
          }
        />
      )}
      {skipped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('cart.checkout.marketOrders.skipped', { count: skipped.length })}
          description={
            <ul>
              {skipped.map((o) => (
                <li key={o.id}>
                  {o.number ?? `#${o.id}`}:{' '}
                  {t(`cart.checkout.marketOrders.reasons.${o.reason_code}`)}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </div>
  );
}

interface CheckoutResultProps {
  order: OrderSubmitResult;
  paid: boolean;
  paying: boolean;
  onPay: () => void;
}

/** After submitting: the paid order with where to go next, or the unpaid one with "Pay now". */
export function CheckoutResult({ order, paid, paying, onPay }: CheckoutResultProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const values = { number: order.number, amount: formatMinor(order.amount_minor) };
  const toOrders = () => void navigate(ORDERS_PATH);

  if (paid) {
    return (
      <Result
        status="success"
        title={t('cart.checkout.success.title')}
        subTitle={t('cart.checkout.success.subtitle', values)}
        extra={[
          <Button key="orders" type="primary" onClick={toOrders}>
            {t('cart.checkout.success.orders')}
          </Button>,
          <Button key="continue" onClick={() => void navigate(LIBRARY_PATH)}>
            {t('cart.checkout.success.continue')}
          </Button>,
        ]}
      >
        <MarketplaceOrders order={order} />
      </Result>
    );
  }
  return (
    <Result
      status="info"
      title={t('cart.checkout.unpaid.title')}
      subTitle={t('cart.checkout.unpaid.subtitle', values)}
      extra={[
        <Button key="pay" type="primary" loading={paying} onClick={onPay}>
          {t('cart.checkout.unpaid.pay')}
        </Button>,
        <Button key="orders" onClick={toOrders}>
          {t('cart.checkout.unpaid.orders')}
        </Button>,
      ]}
    >
      <MarketplaceOrders order={order} />
    </Result>
  );
}
