import { Suspense, useState } from 'react';
import { Alert, Button, Card, Space } from 'antd';
import {
  ExportOutlined,
  ImportOutlined,
  PrinterOutlined,
  ShoppingCartOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HelpLink } from '../../../shared/ui/help-link.tsx';
import {
  deskStatusName,
  permOf,
  type Order,
  type OrderAction,
  type OrderListFilter,
} from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { cancelOrder, setHold, useRefreshOrders } from '../api/orders.ts';
import { showBatchResult } from '../components/batch-result.tsx';
import { OrderListView } from '../components/order-list-view.tsx';
import { ActionButton } from '../components/order-table.tsx';
import { SyncOrdersButton } from '../components/sync-orders.tsx';
import { batchRefusal, DESK_DEFAULTS, runForEach, writeOrderQuery } from '../order-query.ts';
import { idsLink, orderPaths } from '../paths.ts';
import { lazyPage } from '../../../shared/lazy-page.ts';
import '../orders.css';

const CancelDialog = lazyPage(() => import('../components/order-dialogs.tsx'), 'CancelDialog');

const PAGE = orderPaths.desk;

function DeskToolbar({
  selected,
  clear,
  query,
}: {
  selected: Order[];
  clear: () => void;
  query: OrderListFilter;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshOrders();
  const [busy, setBusy] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const canSync = useCan(permOf(PAGE, 'update'));
  const canHold = useCan(permOf(PAGE, 'hold'));
  const canCancel = useCan(permOf(PAGE, 'cancel'));
  const canLogistics = useCan(permOf(PAGE, 'logistics'));
  const canUpdate = useCan(permOf(PAGE, 'update'));
  const canImport = useCan(permOf(PAGE, 'import'));
  const canExport = useCan(permOf(PAGE, 'export'));
  const ids = selected.map((o) => o.id);

  /** Whether the button works for the selection, and why not. */
  const gate = (action: OrderAction | null) => {
    const refusal = batchRefusal(selected, action);
    return refusal
      ? { allowed: false, reason: t(`orders.batch.${refusal}`) }
      : { allowed: true, reason: '' };
  };

  /** Runs `run` on the selected orders that allow `action`, the others reported as refused. */
  const batch = async (
    key: string,
    label: string,
    action: OrderAction,
    run: (order: Order) => Promise<unknown>,
  ) => {
    setBusy(key);
    try {
      const outcomes = await runForEach(selected, (order) => {
        if (!order.actions.includes(action)) {
          return Promise.reject(
            new Error(
              t(`orders.drawer.notAllowed`, {
                status: t(`orders.deskStatus.${deskStatusName(order.status)}`),
              }),
            ),
          );
        }
        return run(order);
      });
      await refresh();
      clear();
      showBatchResult(t, label, outcomes);
    } finally {
      setBusy(null);
    }
  };

  const go = (path: string) => void navigate(idsLink(path, ids));

  return (
    <Space wrap className="orders-batch-bar">
      {canSync && <SyncOrdersButton marketId={query.market_id} />}
      <ActionButton
        visible={canHold}
        {...gate('hold')}
        loading={busy === 'hold'}
        onClick={() =>
          void batch('hold', t('orders.batch.hold'), 'hold', (o) =>
            setHold({ id: o.id, hold: true }),
          )
        }
      >
        {t('orders.batch.hold')}
      </ActionButton>
      <ActionButton
        visible={canHold}
        {...gate('unhold')}
        loading={busy === 'release'}
        onClick={() =>
          void batch('release', t('orders.batch.release'), 'unhold', (o) =>
            setHold({ id: o.id, hold: false }),
          )
        }
      >
        {t('orders.batch.release')}
      </ActionButton>
      <ActionButton
        visible={canCancel}
        {...gate('cancel')}
        danger
        icon={<StopOutlined />}
        loading={busy === 'cancel'}
        onClick={() => setCancelling(true)}
      >
        {t('orders.batch.cancel')}
      </ActionButton>
      <ActionButton
        visible={canLogistics}
        {...gate('save_logistics')}
        onClick={() => go(orderPaths.logistics)}
      >
        {t('orders.batch.logistics')}
      </ActionButton>
      <ActionButton
        visible={canUpdate}
        {...gate('add_cart')}
        icon={<ShoppingCartOutlined />}
        onClick={() => go(orderPaths.settlement)}
      >
        {t('orders.batch.purchase')}
      </ActionButton>
      <ActionButton
        visible={canLogistics}
        {...gate(null)}
        icon={<PrinterOutlined />}
        onClick={() => go(orderPaths.labels)}
      >
        {t('orders.batch.labels')}
      </ActionButton>
      <ActionButton visible={canUpdate} {...gate(null)} onClick={() => go(orderPaths.declaration)}>
        {t('orders.batch.customs')}
      </ActionButton>
      {canImport && (
        <Button icon={<ImportOutlined />} onClick={() => void navigate(orderPaths.import)}>
          {t('orders.batch.import')}
        </Button>
      )}
      {canExport && (
        <Button
          icon={<ExportOutlined />}
          onClick={() => {
            const params = writeOrderQuery(query, { tab: 'export' });
            void navigate(
              ids.length > 0
                ? idsLink(orderPaths.import, ids, params)
                : `${orderPaths.import}?${params.toString()}`,
            );
          }}
        >
          {t('orders.batch.export')}
        </Button>
      )}
      {cancelling && (
        <Suspense fallback={null}>
          <CancelDialog
            title={t('orders.batch.cancelTitle', { count: selected.length })}
            hint={t('orders.batch.cancelHint')}
            okText={t('orders.batch.confirmCancel')}
            onClose={() => setCancelling(false)}
            onConfirm={(reason) =>
              batch('cancel', t('orders.batch.cancel'), 'cancel', (o) =>
                cancelOrder({ id: o.id, reason }),
              )
            }
          />
        </Suspense>
      )}
    </Space>
  );
}

/** /newOrder: the order desk. */
export function OrderDeskPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const canSync = useCan(permOf(PAGE, 'update'));
  const navigate = useNavigate();
  return (
    <Card className="page-card orders-page" variant="borderless" title={title}>
      <OrderListView
        pagePath={PAGE}
        endpoint="/cw-order/list"
        defaults={DESK_DEFAULTS}
        notice={(query) =>
          query.fulfillment_channel === 'AFN' && (
            <Alert
              type="info"
              showIcon
              className="orders-gap"
              title={
                <>
                  {t('orders.fba.desk')} <Link to={orderPaths.fba}>{t('orders.fba.link')}</Link>
                </>
              }
            />
          )
        }
        toolbar={(selected, clear, query) => (
          <DeskToolbar selected={selected} clear={clear} query={query} />
        )}
        emptyAction={
          <Space>
            {canSync && <SyncOrdersButton primary />}
            <Button onClick={() => void navigate(orderPaths.markets)}>
              {t('orders.empty.markets')}
            </Button>
            <HelpLink article="order-sync">{t('orders.empty.help')}</HelpLink>
          </Space>
        }
      />
    </Card>
  );
}
