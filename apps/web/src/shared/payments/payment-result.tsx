import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMinor, type PaymentState } from '@app/shared';
import { financeKeys } from './finance-keys.ts';
import { queryPayment } from './use-pay.ts';
import './payments.css';

/** Alipay's notify usually lands within seconds; after a minute the seller is told to look later. */
export const POLL_INTERVAL_MS = 2_000;
export const POLL_LIMIT_MS = 60_000;
export const OUT_TRADE_NO = 'out_trade_no';
/** What Alipay appends to the return URL besides our `out_trade_no`; the server re-checks the trade, so these are only noise. */
const ALIPAY_RETURN_KEYS = [
  'charset',
  'method',
  'total_amount',
  'trade_no',
  'auth_app_id',
  'app_id',
  'version',
  'seller_id',
  'timestamp',
  'sign_type',
  'sign',
];

/**
 * The state of the Alipay trade named by `?out_trade_no=` (the return URL Alipay sends the
 * browser back to), asked every 2 s while pending, for at most a minute. `expired` means it is
 * still pending after that; `retry` asks again for another minute.
 */
export function usePaymentResult() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const outTradeNo = params.get(OUT_TRADE_NO);
  const [since, setSince] = useState(() => Date.now());
  const [expired, setExpired] = useState(false);

  const query = useQuery({
    queryKey: financeKeys.payment(outTradeNo ?? ''),
    queryFn: ({ signal }) => queryPayment(outTradeNo!, signal),
    enabled: outTradeNo !== null && !expired,
    refetchInterval: (q) =>
      q.state.data?.status === 'pending' && Date.now() - since < POLL_LIMIT_MS
        ? POLL_INTERVAL_MS
        : false,
    retry: false,
  });
  const status = query.data?.status;

  const noisy = ALIPAY_RETURN_KEYS.some((key) => params.has(key));
  useEffect(() => {
    if (!noisy) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const key of ALIPAY_RETURN_KEYS) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [noisy, setParams]);

  useEffect(() => {
    if (status !== 'pending') return;
    const timer = setTimeout(
      () => setExpired(true),
      Math.max(0, since + POLL_LIMIT_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [status, since]);

  // Once paid, every money figure on screen is stale; refresh them once.
  const refreshed = useRef(false);
  useEffect(() => {
    if (status !== 'paid' || refreshed.current) return;
    refreshed.current = true;
    void queryClient.invalidateQueries({ queryKey: financeKeys.all });
  }, [status, queryClient]);

  const retry = () => {
    setSince(Date.now());
    setExpired(false);
    void query.refetch();
  };

  return { outTradeNo, payment: query.data, error: query.error, expired, retry };
}

function paidMessage(t: TFunction, payment: PaymentState): string {
  return payment.purpose === 'recharge'
    ? t('payments.result.paidRecharge', {
        amount: formatMinor(payment.amount_minor),
        bonus: formatMinor(payment.bonus_minor),
      })
    : t('payments.result.paidOrder', { amount: formatMinor(payment.amount_minor) });
}

/**
 * The banner of a page Alipay returned to: paid, pending (polled), closed, or the error of the
 * query. Closing it removes `out_trade_no` from the URL so a reload does not show it again.
 */
export function PaymentResult() {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const { outTradeNo, payment, error, expired, retry } = usePaymentResult();
  if (outTradeNo === null) return null;

  const dismiss = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(OUT_TRADE_NO);
        return next;
      },
      { replace: true },
    );
  const common = { showIcon: true, closable: { onClose: dismiss }, className: 'payment-result' };
  const tradeNo = t('payments.result.tradeNo', { no: outTradeNo });

  if (error) {
    return (
      <Alert
        {...common}
        type="error"
        title={t('payments.result.failed')}
        description={error.message}
        action={<Button onClick={retry}>{t('payments.result.checkAgain')}</Button>}
      />
    );
  }
  if (!payment || payment.status === 'pending') {
    return (
      <Alert
        {...common}
        type={expired ? 'warning' : 'info'}
        title={t(expired ? 'payments.result.pendingLong' : 'payments.result.pending')}
        description={tradeNo}
        action={
          expired ? <Button onClick={retry}>{t('payments.result.checkAgain')}</Button> : undefined
        }
      />
    );
  }
  if (payment.status === 'closed') {
    return (
      <Alert {...common} type="warning" title={t('payments.result.closed')} description={tradeNo} />
    );
  }
  return (
    <Alert
      {...common}
      type="success"
      title={paidMessage(t, payment)}
      description={payment.trade_no ? t('payments.result.tradeNo', { no: payment.trade_no }) : null}
    />
  );
}
