import { useState } from 'react';
import { Alert, Button, Card, Empty, Segmented, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DESK_STATUS,
  permOf,
  type DeskStatusName,
  type Order,
  type OrderListQuery,
} from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import {
  cancelOrder,
  useLogisticsChannels,
  useOrderList,
  useRefreshOrders,
} from '../api/orders.ts';
import { showBatchResult } from '../components/batch-result.tsx';
import { CancelDialog } from '../components/order-dialogs.tsx';
import { OrderDrawer } from '../components/order-drawer.tsx';
import { OrderTable, type OrderSort } from '../components/order-table.tsx';
import { formatTabCount, runForEach } from '../order-query.ts';
import { orderPaths } from '../paths.ts';
import '../orders.css';

/** Desk statuses an order the marketplace cancelled can still be in (sync cancels the others). */
const OPEN: DeskStatusName[] = ['purchased', 'new', 'on_hold', 'processing'];

function CancellationList({ pending }: { pending: boolean }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<DeskStatusName>('purchased');
  const [sort, setSort] = useState<OrderSort>({ field: 'updated', direction: 'desc' });
  const [paging, setPaging] = useState<{ page: number; limit: number }>({ page: 1, limit: 20 });
  const [cursor, setCursor] = useState<{ cursor: string; offset: number } | null>(null);
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [confirming, setConfirming] = useState<Order[] | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const canCancel = useCan(permOf(orderPaths.desk, 'cancel'));
  const channels = useLogisticsChannels();
  const refresh = useRefreshOrders();

  const query: OrderListQuery = {
    ...(pending
      ? { order_status: 'canceled', status: DESK_STATUS[status] }
      : { status: DESK_STATUS.cancelled }),
    orderBy_field: sort.field,
    orderBy_type: sort.direction,
    ...(cursor ? { page: 1, limit: paging.limit, cursor: cursor.cursor } : paging),
  };
  const list = useOrderList('/cw-order/list', query);
  const page = list.data;
  const selected = (list.data?.list ?? []).filter((o) => selectedIds.includes(o.id));
  const reset = () => {
    setCursor(null);
    setSelectedIds([]);
  };

  const confirm = async (orders: Order[], reason: string) => {
    const outcomes = await runForEach(orders, (o) => cancelOrder({ id: o.id, reason }));
    await refresh();
    setSelectedIds([]);
    showBatchResult(t, t('orders.cancellation.confirm'), outcomes);
  };

  return (
    <>
      {pending && (
        <>
          <Alert
            type="info"
            showIcon
            title={t('orders.cancellation.intro')}
            className="orders-gap"
          />
          <Space wrap className="orders-gap">
            <span>{t('orders.cancellation.status')}</span>
            <Segmented<DeskStatusName>
              value={status}
              onChange={(value) => {
                setStatus(value);
                setPaging({ ...paging, page: 1 });
                reset();
              }}
              options={OPEN.map((name) => ({
                value: name,
                label: `${t(`orders.deskStatus.${name}`)}${page ? ` (${formatTabCount(page, name, i18n.language)})` : ''}`,
              }))}
            />
            {canCancel && (
              <Button
                danger
                disabled={selected.length === 0}
                onClick={() => setConfirming(selected)}
              >
                {t('orders.cancellation.confirmBatch', { count: selected.length })}
              </Button>
            )}
          </Space>
        </>
      )}
      <OrderTable
        page={list.data}
        loading={list.isFetching}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPaging({ ...paging, page: 1 });
          reset();
        }}
        onPage={(to) => {
          setSelectedIds([]);
          if ('cursor' in to) {
            const size = list.data?.pagination.size ?? paging.limit;
            setCursor({
              cursor: to.cursor,
              offset: cursor ? cursor.offset + size : (list.data?.pagination.page ?? 1) * size,
            });
          } else {
            setCursor(null);
            setPaging(to);
          }
        }}
        cursorOffset={cursor?.offset ?? null}
        onFirstPage={() => {
          setPaging({ ...paging, page: 1 });
          reset();
        }}
        onOpen={(o) => setOpenId(o.id)}
        channels={channels.data}
        selectedIds={pending && canCancel ? selectedIds : undefined}
        onSelect={
          pending && canCancel ? (rows) => setSelectedIds(rows.map((o) => o.id)) : undefined
        }
        empty={
          <Empty
            description={t(
              pending ? 'orders.cancellation.emptyPending' : 'orders.cancellation.emptyDone',
            )}
          />
        }
        extraColumns={
          pending && canCancel
            ? [
                {
                  key: 'confirm',
                  title: t('orders.columns.actions'),
                  width: 150,
                  fixed: 'right',
                  render: (_, order) => (
                    <Button
                      size="small"
                      danger
                      disabled={!order.actions.includes('cancel')}
                      onClick={() => setConfirming([order])}
                    >
                      {t('orders.cancellation.confirm')}
                    </Button>
                  ),
                },
              ]
            : []
        }
      />
      {confirming && (
        <CancelDialog
          title={t('orders.cancellation.confirmTitle', { count: confirming.length })}
          hint={t('orders.batch.cancelHint')}
          okText={t('orders.cancellation.confirm')}
          defaultReason={t('orders.cancellation.reason')}
          onClose={() => setConfirming(null)}
          onConfirm={(reason) => confirm(confirming, reason)}
        />
      )}
      <OrderDrawer orderId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

/** /newOrder/cancellation: cancellations the marketplace reports, to confirm; and the cancelled orders. */
export function OrderCancellationPage({ title }: ViewProps) {
  const { t } = useTranslation();
  return (
    <Card className="page-card orders-page" variant="borderless" title={title}>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'pending',
            label: t('orders.cancellation.pendingTab'),
            children: <CancellationList pending />,
          },
          {
            key: 'done',
            label: t('orders.cancellation.doneTab'),
            children: <CancellationList pending={false} />,
          },
        ]}
      />
    </Card>
  );
}
