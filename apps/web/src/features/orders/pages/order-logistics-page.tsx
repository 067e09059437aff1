import { useState } from 'react';
import { Alert, Button, Card, Input, Result, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  logisticsChannelById,
  MARKETPLACE_NAMES,
  trackingNumberFits,
  type LogisticsChannel,
  type Order,
  type OrderBatchResult,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import {
  saveBatchLogistics,
  useChannelsByStore,
  useOrderMutation,
  useOrdersById,
} from '../api/orders.ts';
import { DeskStatusTag } from '../components/status-tags.tsx';
import { itemsSummary } from '../order-query.ts';
import { NoOrdersChosen } from '../components/no-orders-chosen.tsx';
import { orderPaths, readIds } from '../paths.ts';
import '../orders.css';

interface Row {
  channelId?: number;
  tracking: string;
}

/** The tracking number's problem, or null when it is empty or fits the channel. */
function trackingProblem(
  t: TFunction,
  channel: LogisticsChannel | undefined,
  tracking: string,
): string | null {
  if (!channel || tracking.trim() === '') return null;
  return trackingNumberFits(channel, tracking)
    ? null
    : t('orders.logistics.badTracking', {
        carrier: channel.carrier,
        example: channel.tracking_example,
      });
}

/** /newOrder/logistics?ids=: a channel and a tracking number per selected order, saved in one batch. */
export function OrderLogisticsPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = readIds(params);
  const orders = useOrdersById(ids);
  const list = orders.data ?? [];
  const storeIds = [...new Set(list.map((o) => o.market_id))];
  const channelsByStore = useChannelsByStore(storeIds);
  const zh = currentLanguage() === 'zh-CN';
  const [rows, setRows] = useState<Record<number, Row>>({});
  const [results, setResults] = useState<Map<number, OrderBatchResult['results'][number]>>(
    new Map(),
  );
  const [allChannel, setAllChannel] = useState<number | undefined>();
  const save = useOrderMutation(saveBatchLogistics);

  const rowOf = (order: Order): Row =>
    rows[order.id] ?? {
      channelId: order.user_logistics_channel_id ?? undefined,
      tracking: order.shipped_number ?? '',
    };
  const setRow = (order: Order, patch: Partial<Row>) =>
    setRows({ ...rows, [order.id]: { ...rowOf(order), ...patch } });
  const editable = (order: Order) => order.actions.includes('save_logistics');
  const channelsOf = (order: Order) => channelsByStore.get(order.market_id) ?? [];
  const channelLabel = (c: LogisticsChannel) => (zh ? c.name_zh : c.name_en);

  const applyAll = () => {
    if (allChannel === undefined) return;
    const next = { ...rows };
    let count = 0;
    for (const order of list) {
      if (!editable(order) || !channelsOf(order).some((c) => c.id === allChannel)) continue;
      next[order.id] = { ...rowOf(order), channelId: allChannel };
      count += 1;
    }
    setRows(next);
    const channel = logisticsChannelById(allChannel);
    feedback.info(
      t('orders.logistics.applied', { name: channel ? channelLabel(channel) : '', count }),
    );
  };

  const submit = async () => {
    const chosen = list.filter((o) => {
      const row = rowOf(o);
      return editable(o) && row.channelId !== undefined && row.tracking.trim() !== '';
    });
    if (chosen.length === 0) {
      feedback.warning(t('orders.logistics.nothingToSave'));
      return;
    }
    const bad = chosen.some((o) => {
      const row = rowOf(o);
      return trackingProblem(t, logisticsChannelById(row.channelId!), row.tracking) !== null;
    });
    if (bad) {
      feedback.warning(t('orders.logistics.fixErrors'));
      return;
    }
    try {
      const answer = await save.mutateAsync({
        list: chosen.map((o) => ({
          id: o.id,
          user_logistics_channel_id: rowOf(o).channelId!,
          shipped_number: rowOf(o).tracking.trim(),
        })),
      });
      setResults(new Map(answer.results.map((r) => [r.id, r])));
      const failed = answer.results.filter((r) => !r.ok).length;
      const ok = answer.results.length - failed;
      if (failed === 0)
        feedback.success(t('orders.batch.allOk', { action: t('orders.logistics.title'), ok }));
      else
        feedback.warning(
          t('orders.batch.resultTitle', { action: t('orders.logistics.title'), ok, failed }),
        );
    } catch (error) {
      reportError(error);
    }
  };

  if (ids.length === 0) {
    return <NoOrdersChosen title={title} description={t('orders.logistics.noIds')} />;
  }

  const allOptions = [
    ...new Map(
      list
        .flatMap((o) => channelsOf(o))
        .map((c) => [c.id, { value: c.id, label: channelLabel(c) }]),
    ).values(),
  ];

  return (
    <Card
      className="page-card orders-page"
      variant="borderless"
      title={title}
      extra={
        <Button onClick={() => void navigate(orderPaths.desk)}>{t('orders.logistics.back')}</Button>
      }
    >
      {orders.isError ? (
        <Result status="404" subTitle={t('orders.drawer.notFound')} />
      ) : (
        <>
          <Space wrap className="orders-gap">
            <span>{t('orders.logistics.applyAllChannel')}</span>
            <Select
              aria-label={t('orders.logistics.applyAllChannel')}
              style={{ width: 260 }}
              allowClear
              value={allChannel}
              onChange={setAllChannel}
              placeholder={t('orders.logistics.channelPlaceholder')}
              options={allOptions}
            />
            <Button disabled={allChannel === undefined} onClick={applyAll}>
              {t('orders.logistics.applyAll')}
            </Button>
            <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
              {t('orders.logistics.save')}
            </Button>
          </Space>
          <Table<Order>
            rowKey="id"
            loading={orders.isLoading}
            dataSource={list}
            pagination={false}
            scroll={{ x: 1100 }}
            columns={[
              {
                key: 'order',
                title: t('orders.columns.order'),
                width: 190,
                render: (_, o) => (
                  <Space orientation="vertical" size={0}>
                    <strong>{o.seller_order_id}</strong>
                    <span className="orders-muted">
                      {o.market_alias} · {MARKETPLACE_NAMES[o.marketplace]} · {o.zone ?? ''}
                    </span>
                  </Space>
                ),
              },
              {
                key: 'items',
                title: t('orders.columns.items'),
                width: 200,
                render: (_, o) => <span className="orders-items-cell">{itemsSummary(o)}</span>,
              },
              {
                key: 'status',
                title: t('orders.columns.status'),
                width: 110,
                render: (_, o) => <DeskStatusTag status={o.status} />,
              },
              {
                key: 'channel',
                title: t('orders.logistics.channel'),
                width: 260,
                render: (_, o) => {
                  const select = (
                    <Select
                      aria-label={`${t('orders.logistics.channel')} ${o.seller_order_id}`}
                      style={{ width: 240 }}
                      disabled={!editable(o)}
                      value={rowOf(o).channelId}
                      placeholder={t('orders.logistics.channelPlaceholder')}
                      onChange={(channelId: number) => setRow(o, { channelId })}
                      showSearch={{ optionFilterProp: 'label' }}
                      options={channelsOf(o).map((c) => ({ value: c.id, label: channelLabel(c) }))}
                    />
                  );
                  return editable(o) ? (
                    select
                  ) : (
                    <Tooltip title={t('orders.logistics.notAllowed')}>{select}</Tooltip>
                  );
                },
              },
              {
                key: 'tracking',
                title: t('orders.logistics.tracking'),
                width: 280,
                render: (_, o) => {
                  const row = rowOf(o);
                  const channel =
                    row.channelId === undefined ? undefined : logisticsChannelById(row.channelId);
                  const problem = trackingProblem(t, channel, row.tracking);
                  return (
                    <div>
                      <Input
                        aria-label={`${t('orders.logistics.tracking')} ${o.seller_order_id}`}
                        disabled={!editable(o)}
                        status={problem ? 'error' : undefined}
                        value={row.tracking}
                        placeholder={channel?.tracking_example}
                        maxLength={100}
                        style={{ width: 240 }}
                        onChange={(e) => setRow(o, { tracking: e.target.value })}
                      />
                      {problem && <div className="orders-field-error">{problem}</div>}
                    </div>
                  );
                },
              },
              {
                key: 'result',
                title: t('orders.columns.result'),
                width: 220,
                render: (_, o) => {
                  const r = results.get(o.id);
                  if (!r) return null;
                  return r.ok ? (
                    <Tag color="success">{t('orders.logistics.ok')}</Tag>
                  ) : (
                    <Alert type="error" showIcon title={r.reason} className="orders-inline-alert" />
                  );
                },
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
