import { useState } from 'react';
import { Alert, Button, Card, Empty, Input, Modal, Tabs } from 'antd';
import { ReloadOutlined, ShoppingCartOutlined, WalletOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  formatMinor,
  permOf,
  PURCHASE_ORDER_STATUSES,
  type BatchAccountPayResult,
  type PurchaseOrder,
  type PurchaseOrderQuery,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { leaveApp } from '../../../shared/navigation.ts';
import { PayPasswordDialog } from '../../../shared/payments/pay-password-dialog.tsx';
import { PaymentResult } from '../../../shared/payments/payment-result.tsx';
import {
  newIntentKey,
  useAccountPay,
  useAlipayOrder,
  useBatchAccountPay,
  useBatchAlipayOrder,
} from '../../../shared/payments/use-pay.ts';
import { FINANCE_INFO_PERM, useFinanceInfo } from '../../../shared/payments/finance-info.ts';
import { useCancelPurchaseOrder, usePurchaseOrders } from '../api/purchase-orders.ts';
import { BalanceSummary } from '../components/balance-card.tsx';
import { OrderDrawer } from '../components/order-drawer.tsx';
import { OrderTable, type PayMethod } from '../components/order-table.tsx';
import { financePaths } from '../paths.ts';
import { readOrderQuery, writeOrderQuery } from '../url-state.ts';
import '../finance.css';

const ALL = 'all';
/** The drawer's order id lives in the URL (house style 9), so a details link can be shared. */
const ORDER_PARAM = 'order';

const sum = (orders: readonly PurchaseOrder[]) =>
  orders.reduce((total, order) => total + order.amount_minor, 0);

/** The orders being paid from the balance, while the pay-password dialog is open. */
type BalancePay = { orders: PurchaseOrder[] } | null;

function useOrderPayments(onPaid: () => void) {
  const { t } = useTranslation();
  const accountPay = useAccountPay();
  const batchAccountPay = useBatchAccountPay();
  const alipayOrder = useAlipayOrder();
  const batchAlipayOrder = useBatchAlipayOrder();

  const payFromBalance = async (orders: PurchaseOrder[], payPassword: string, key: string) => {
    if (orders.length === 1) {
      const [order] = orders as [PurchaseOrder];
      const result = await accountPay.mutateAsync({
        input: { order_id: order.id, pay_password: payPassword },
        idempotencyKey: key,
      });
      feedback.success(
        t('finance.orders.paid', {
          number: order.number,
          balance: formatMinor(result.balance_minor),
        }),
      );
    } else {
      const result = await batchAccountPay.mutateAsync({
        input: { order_ids: orders.map((o) => o.id), pay_password: payPassword },
        idempotencyKey: key,
      });
      tellBatch(result);
    }
    onPaid();
  };

  const tellBatch = (result: BatchAccountPayResult) => {
    const paid = result.results.filter((r) => r.outcome === 'paid');
    const skipped = result.results.filter((r) => r.outcome === 'skipped');
    feedback.success(
      t('finance.orders.batchPaid', {
        count: paid.length,
        amount: formatMinor(result.charged_minor),
        balance: formatMinor(result.balance_minor),
      }),
    );
    if (skipped.length > 0) {
      feedback.warning(
        t('finance.orders.batchSkipped', {
          count: skipped.length,
          reasons: skipped.map((r) => r.message).join('; '),
        }),
      );
    }
  };

  /** A new Alipay trade per press: the seller leaves the page, so there is no retry to share a key with. */
  const payWithAlipay = async (orders: PurchaseOrder[]) => {
    try {
      const idempotencyKey = newIntentKey();
      const payment =
        orders.length === 1
          ? await alipayOrder.mutateAsync({ input: { order_id: orders[0]!.id }, idempotencyKey })
          : await batchAlipayOrder.mutateAsync({
              input: { order_ids: orders.map((o) => o.id) },
              idempotencyKey,
            });
      feedback.info(t('payments.redirecting'));
      leaveApp(payment.pay_url);
    } catch (error) {
      reportError(error);
    }
  };

  return {
    payFromBalance,
    payWithAlipay,
    alipayPending: alipayOrder.isPending || batchAlipayOrder.isPending,
  };
}

/**
 * /my/accountPay: the balance and the seller's purchase orders, paid one by one or together from
 * the balance (pay password) or through Alipay, with details and cancellation.
 */
export function AccountPayPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readOrderQuery(params);
  const drawerId = Number(params.get(ORDER_PARAM)) || null;
  const info = useFinanceInfo();
  const orders = usePurchaseOrders(query);
  const cancel = useCancelPurchaseOrder();
  const canPay = useCan(permOf(financePaths.accountPay, 'pay'));
  // Staff who only follow purchase orders (the order clerk) see neither balance nor payments.
  const seesBalance = useCan(FINANCE_INFO_PERM);
  const [selected, setSelected] = useState<number[]>([]);
  const [balancePay, setBalancePay] = useState<BalancePay>(null);
  const payments = useOrderPayments(() => setSelected([]));

  const list = orders.data?.list ?? [];
  // Only unpaid orders on screen count, so a batch never pays hidden or settled ones.
  const chosen = list.filter((order) => selected.includes(order.id) && order.status === 'unpaid');
  const filtered = query.status !== undefined || !!query.keyword;

  const update = (patch: Partial<PurchaseOrderQuery>) => {
    setSelected([]);
    setParams(writeOrderQuery({ ...query, page: 1, ...patch }));
  };

  const setDrawer = (id: number | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete(ORDER_PARAM);
        else next.set(ORDER_PARAM, String(id));
        return next;
      },
      { replace: id === null },
    );

  const pay = (targets: PurchaseOrder[], method: PayMethod) => {
    if (method === 'balance') setBalancePay({ orders: targets });
    else void payments.payWithAlipay(targets);
  };

  /** Says where the money goes back to before cancelling; one key per confirmation. */
  const askCancel = (order: PurchaseOrder) => {
    const idempotencyKey = newIntentKey();
    const amount = formatMinor(order.amount_minor);
    const content =
      order.status === 'paid'
        ? t(
            order.paid_via === 'alipay'
              ? 'finance.orders.cancelConfirm.alipay'
              : 'finance.orders.cancelConfirm.balance',
            { amount },
          )
        : t('finance.orders.cancelConfirm.unpaid');
    Modal.confirm({
      title: t('finance.orders.cancelConfirm.title', { number: order.number }),
      content,
      okText: t('finance.orders.cancelConfirm.ok'),
      okButtonProps: { danger: true },
      cancelText: t('finance.orders.cancelConfirm.keep'),
      onOk: () =>
        cancel
          .mutateAsync({ input: { id: order.id }, idempotencyKey })
          .then(() => {
            feedback.success(t('finance.orders.cancelled', { number: order.number }));
            setSelected((prev) => prev.filter((id) => id !== order.id));
          })
          .catch((error: unknown) => reportError(error)),
    });
  };

  const empty = filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('finance.orders.emptyFiltered')} />
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <strong>{t('finance.orders.empty')}</strong>
          <div>{t('finance.orders.emptyHint')}</div>
        </>
      }
    >
      {canPay && (
        <Link to={financePaths.cart}>
          <Button icon={<ShoppingCartOutlined />}>{t('finance.balance.cart')}</Button>
        </Link>
      )}
    </Empty>
  );

  return (
    <Card className="page-card finance-page" variant="borderless" title={title}>
      <PaymentResult />
      {seesBalance && (
        <BalanceSummary
          info={info.data}
          loading={info.isPending}
          actions={
            <>
              <Link to={financePaths.recharge}>
                <Button type="primary" icon={<WalletOutlined />}>
                  {t('finance.balance.recharge')}
                </Button>
              </Link>
              <Link to={financePaths.cart}>
                <Button icon={<ShoppingCartOutlined />}>{t('finance.balance.cart')}</Button>
              </Link>
            </>
          }
        />
      )}
      <Tabs
        activeKey={query.status ?? ALL}
        onChange={(key) =>
          update({ status: key === ALL ? undefined : (key as PurchaseOrderQuery['status']) })
        }
        items={([ALL, ...PURCHASE_ORDER_STATUSES] as const).map((key) => ({
          key,
          label: t(`finance.orders.tabs.${key}`),
        }))}
      />
      <div className="finance-toolbar">
        <Input.Search
          key={query.keyword ?? ''}
          defaultValue={query.keyword}
          placeholder={t('finance.orders.keyword')}
          aria-label={t('finance.orders.keyword')}
          allowClear
          className="finance-search"
          onSearch={(value) => update({ keyword: value.trim() || undefined })}
        />
        <Button
          icon={<ReloadOutlined />}
          loading={orders.isFetching && !orders.isPending}
          onClick={() => void orders.refetch()}
        >
          {t('finance.refresh')}
        </Button>
      </div>
      {chosen.length > 0 && (
        <div className="finance-batch" role="toolbar" aria-label={t('finance.orders.title')}>
          <span>
            {t('finance.orders.selected', {
              count: chosen.length,
              amount: formatMinor(sum(chosen)),
            })}
          </span>
          <Button size="small" type="primary" onClick={() => pay(chosen, 'balance')}>
            {t('finance.orders.batchBalance')}
          </Button>
          <Button
            size="small"
            loading={payments.alipayPending}
            onClick={() => pay(chosen, 'alipay')}
          >
            {t('finance.orders.batchAlipay')}
          </Button>
          <Button size="small" type="link" onClick={() => setSelected([])}>
            {t('finance.orders.clear')}
          </Button>
        </div>
      )}
      {orders.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('finance.loadFailed')}
          description={orders.error.message}
          action={<Button onClick={() => void orders.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <OrderTable
          page={orders.data}
          loading={orders.isFetching}
          empty={empty}
          canPay={canPay}
          selected={selected}
          onSelect={setSelected}
          onPage={(page, size) => {
            setSelected([]);
            setParams(writeOrderQuery({ ...query, page: size === query.size ? page : 1, size }));
          }}
          onPay={(order, method) => pay([order], method)}
          onDetails={(order) => setDrawer(order.id)}
          onCancel={askCancel}
        />
      )}
      <PayPasswordDialog
        open={balancePay !== null}
        amountMinor={sum(balancePay?.orders ?? [])}
        balanceMinor={info.data?.balance_minor}
        description={
          balancePay &&
          (balancePay.orders.length === 1
            ? t('finance.orders.payDescription', { number: balancePay.orders[0]!.number })
            : t('finance.orders.batchDescription', { count: balancePay.orders.length }))
        }
        onSubmit={(payPassword, key) =>
          payments.payFromBalance(balancePay?.orders ?? [], payPassword, key)
        }
        onClose={() => setBalancePay(null)}
      />
      <OrderDrawer id={drawerId} onClose={() => setDrawer(null)} />
    </Card>
  );
}
