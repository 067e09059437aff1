import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMinor, type PurchaseOrder } from '@app/shared';
import { LIBRARY_PATH, ORDERS_PATH } from '../paths.ts';

interface CheckoutResultProps {
  order: PurchaseOrder;
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
      />
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
    />
  );
}
