import { useRef, useState } from 'react';
import { Alert, Button, Card, Empty, Input, Result, Skeleton, Tooltip } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  permOf,
  type OrderSubmitInput,
  type OrderSubmitResult,
  type PurchaseOrder,
} from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { leaveApp } from '../../../shared/navigation.ts';
import { PayPasswordDialog } from '../../../shared/payments/pay-password-dialog.tsx';
import { newIntentKey, useAccountPay, useAlipayOrder } from '../../../shared/payments/use-pay.ts';
import { orderChangesOf, useSettlement, useSubmitOrder } from '../api/checkout.ts';
import { AddressPicker } from '../components/address-picker.tsx';
import { CheckoutResult } from '../components/checkout-result.tsx';
import { CheckoutTotals } from '../components/checkout-totals.tsx';
import { showOrderChanges } from '../components/order-changes.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { PaymentMethod, type PayMethod } from '../components/payment-method.tsx';
import { CART_PATH, CHECKOUT_PATH } from '../paths.ts';
import '../cart.css';

const REMARK_MAX = 500;
const perm = (action: string) => permOf(CHECKOUT_PATH, action);

/**
 * One Idempotency-Key per submit intent: a retry of the same order (a double click, a lost
 * answer) reuses it, so the server answers the first order instead of creating a second;
 * anything that changes what is submitted is a new intent.
 */
function useIntentKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(input: OrderSubmitInput): string {
      const body = JSON.stringify(input);
      if (last.current?.body !== body) last.current = { body, key: newIntentKey() };
      return last.current.key;
    },
    /** The server replays refusals for their key too, so after one the next submit needs a new key. */
    reset() {
      last.current = null;
    },
  };
}

export function CheckoutPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [chosenMethod, setMethod] = useState<PayMethod>('balance');
  const [order, setOrder] = useState<OrderSubmitResult | null>(null);
  const [paid, setPaid] = useState(false);
  const [askPassword, setAskPassword] = useState(false);
  const settlement = useSettlement(addressId);
  const submit = useSubmitOrder();
  const accountPay = useAccountPay();
  const alipay = useAlipayOrder();
  const intent = useIntentKey();
  const can = { submit: useCan(perm('submit')), pay: useCan(perm('pay')) };

  const data = settlement.data;
  // Once the order exists the cart no longer holds its lines, so the order says what is due.
  const due = order?.amount_minor ?? data?.total_minor ?? 0;
  const balanceShort = data ? data.balance_minor < due : false;
  // The balance cannot pay when it does not cover the total.
  const method: PayMethod = balanceShort ? 'alipay' : chosenMethod;

  const payWithAlipay = (target: PurchaseOrder) =>
    alipay.mutate(
      { input: { order_id: target.id }, idempotencyKey: newIntentKey() },
      {
        onSuccess: (payment) => leaveApp(payment.pay_url),
        onError: (error) => reportError(error),
      },
    );

  const pay = (target: PurchaseOrder) => {
    if (method === 'alipay') payWithAlipay(target);
    else setAskPassword(true);
  };

  const place = () => {
    if (!data?.address || submit.isPending) return;
    const input: OrderSubmitInput = {
      address_id: data.address.id,
      items: data.items.map((line) => ({
        sku_id: line.sku_id,
        quantity: line.quantity,
        unit_price_minor: line.unit_price_minor,
      })),
      total_minor: data.total_minor,
      remark: remark.trim(),
    };
    submit.mutate(
      { input, key: intent.keyFor(input) },
      {
        onSuccess: (created) => {
          setOrder(created);
          pay(created);
        },
        onError: (error) => {
          // The server replays an answer it gave for the key; a lost request keeps it for the retry.
          if (isApiError(error) && error.status > 0) intent.reset();
          const changes = orderChangesOf(error);
          if (changes) showOrderChanges(t, changes, () => void settlement.refetch());
          else reportError(error);
        },
      },
    );
  };

  const header = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(CART_PATH)}>
      {t('cart.checkout.backToCart')}
    </Button>
  );

  const body = () => {
    if (order) {
      return (
        <CheckoutResult
          order={order}
          paid={paid}
          paying={alipay.isPending}
          onPay={() => pay(order)}
        />
      );
    }
    if (settlement.isError) {
      return (
        <Alert
          type="error"
          showIcon
          title={t('cart.checkout.loadFailed')}
          description={settlement.error.message}
          action={<Button onClick={() => void settlement.refetch()}>{t('common.retry')}</Button>}
        />
      );
    }
    if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (data.items.length === 0) {
      return (
        <Result
          icon={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />}
          title={t('cart.checkout.nothing.title')}
          subTitle={t('cart.checkout.nothing.description')}
          extra={
            <Button type="primary" onClick={() => void navigate(CART_PATH)}>
              {t('cart.checkout.backToCart')}
            </Button>
          }
        />
      );
    }

    const blocked = !data.address ? t('cart.checkout.needAddress') : null;
    const submitButton = (
      <Button
        type="primary"
        size="large"
        block
        loading={submit.isPending}
        disabled={!!blocked || !can.submit || settlement.isFetching}
        onClick={place}
      >
        {t('cart.checkout.submit')}
      </Button>
    );

    return (
      <div className="checkout-layout">
        <div className="checkout-main">
          <AddressPicker value={addressId ?? data.address?.id ?? null} onChange={setAddressId} />
          {data.excluded.length > 0 && (
            <Alert
              type="warning"
              showIcon
              className="checkout-excluded"
              title={t('cart.checkout.excluded.title', { count: data.excluded.length })}
              description={
                <>
                  {t('cart.checkout.excluded.description')}
                  <ul>
                    {data.excluded.map((line) => (
                      <li key={line.id}>
                        {line.title} · {line.sku_code} ·{' '}
                        {line.problem && t(`cart.problem.${line.problem}`, { stock: line.stock })}
                      </li>
                    ))}
                  </ul>
                </>
              }
            />
          )}
          <section className="checkout-section" aria-labelledby="checkout-items-title">
            <div className="checkout-section__head">
              <h3 id="checkout-items-title">{t('cart.checkout.items.title')}</h3>
              <span className="checkout-section__meta">
                {t('cart.lines', { count: data.items.length })}
              </span>
            </div>
            <OrderLines items={data.items} />
          </section>
          <section className="checkout-section">
            <label className="checkout-section__head" htmlFor="checkout-remark">
              <h3>{t('cart.checkout.remark')}</h3>
            </label>
            <Input.TextArea
              id="checkout-remark"
              value={remark}
              maxLength={REMARK_MAX}
              showCount
              autoSize={{ minRows: 2, maxRows: 5 }}
              placeholder={t('cart.checkout.remarkPlaceholder')}
              onChange={(event) => setRemark(event.target.value)}
            />
          </section>
        </div>
        <aside className="checkout-side" aria-label={t('cart.checkout.totals.total')}>
          <CheckoutTotals settlement={data} />
          <h3 className="checkout-side__title">{t('cart.checkout.payment.title')}</h3>
          <PaymentMethod
            value={method}
            onChange={setMethod}
            balanceMinor={data.balance_minor}
            totalMinor={data.total_minor}
          />
          {blocked ? (
            <Tooltip title={blocked}>
              <span className="checkout-side__submit">{submitButton}</span>
            </Tooltip>
          ) : (
            <span className="checkout-side__submit">{submitButton}</span>
          )}
          <p className="checkout-side__hint">{blocked ?? t('cart.checkout.submitHint')}</p>
        </aside>
      </div>
    );
  };

  return (
    <Card className="page-card checkout-page" variant="borderless" title={title} extra={header}>
      {body()}
      {order && (
        <PayPasswordDialog
          open={askPassword && can.pay}
          amountMinor={order.amount_minor}
          description={t('cart.checkout.payFor', { number: order.number })}
          onSubmit={(payPassword, idempotencyKey) =>
            accountPay
              .mutateAsync({
                input: { order_id: order.id, pay_password: payPassword },
                idempotencyKey,
              })
              .then(() => {
                setPaid(true);
                feedback.success(t('payments.paid'));
              })
          }
          onClose={() => setAskPassword(false)}
        />
      )}
    </Card>
  );
}
