import { useState } from 'react';
import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Result,
  Space,
  Spin,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  deskStatusName,
  formatMoney,
  formatTimestamp,
  MARKETPLACE_NAMES,
  type Order,
  type OrderAction,
  type OrderItem,
  type OrderLog,
  permOf,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import {
  cancelItem,
  cancelOrder,
  copyOrder,
  editNum,
  saveMemo,
  setHold,
  useLogisticsChannels,
  useOrderLog,
  useOrderMutation,
  useOrdersById,
} from '../api/orders.ts';
import { idsLink, orderPaths } from '../paths.ts';
import { AddressDialog, CancelDialog, SplitDialog } from './order-dialogs.tsx';
import { ActionButton } from './order-table.tsx';
import { DeskStatusTag, OrderStatusTag, PurchaseOrderLink } from './status-tags.tsx';

const PAGE = orderPaths.desk;

function formatAddress(order: Order): string {
  const a = order.address;
  if (!a) return '';
  return [a.line1, a.line2, a.city, a.state, a.postal_code, a.country_code]
    .filter(Boolean)
    .join(', ');
}

function LogTimeline({ logs }: { logs: OrderLog[] }) {
  const { t } = useTranslation();
  if (logs.length === 0) return <Empty description={t('orders.drawer.noLog')} />;
  return (
    <Timeline
      className="orders-log"
      items={logs.map((log) => ({
        key: log.id,
        title: formatTimestamp(log.at),
        content: (
          <div>
            {/* The server writes the line in the reader's language. */}
            <strong>{log.text}</strong> · {log.user_name ?? t('orders.drawer.system')}
          </div>
        ),
      }))}
    />
  );
}

function QuantityEditor({ order, item }: { order: Order; item: OrderItem }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number>(item.quantity);
  const [open, setOpen] = useState(false);
  const edit = useOrderMutation(editNum);
  return (
    <>
      <Button size="small" type="link" onClick={() => setOpen(true)}>
        {t('orders.drawer.editQuantity')}
      </Button>
      <Modal
        open={open}
        title={t('orders.drawer.quantityOf', { sku: item.sku })}
        cancelText={t('common.cancel')}
        confirmLoading={edit.isPending}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          try {
            await edit.mutateAsync({ id: order.id, item_id: item.id, quantity: value });
            feedback.success(t('orders.drawer.quantitySaved'));
            setOpen(false);
          } catch (error) {
            reportError(error);
          }
        }}
        destroyOnHidden
      >
        <InputNumber
          autoFocus
          aria-label={t('orders.drawer.quantityOf', { sku: item.sku })}
          min={1}
          max={9999}
          precision={0}
          value={value}
          onChange={(v) => setValue(Number(v ?? 1))}
        />
      </Modal>
    </>
  );
}

/** The memo box; keyed by the saved memo so a save (or another user's) shows at once. */
function MemoEditor({
  order,
  canMemo,
  visible,
}: {
  order: Order;
  canMemo: boolean;
  visible: boolean;
}) {
  const { t } = useTranslation();
  const [memo, setMemo] = useState(order.memo);
  const save = useOrderMutation(saveMemo);
  return (
    <section className="orders-drawer-section">
      <Typography.Title level={5}>{t('orders.drawer.memo')}</Typography.Title>
      <Input.TextArea
        aria-label={t('orders.drawer.memo')}
        value={memo}
        maxLength={1000}
        showCount
        disabled={!canMemo}
        placeholder={t('orders.drawer.memoPlaceholder')}
        onChange={(e) => setMemo(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 6 }}
      />
      {visible && (
        <Button
          className="orders-gap-top"
          loading={save.isPending}
          disabled={memo === order.memo || !canMemo}
          onClick={async () => {
            try {
              await save.mutateAsync({ id: order.id, memo });
              feedback.success(t('orders.drawer.memoSaved'));
            } catch (error) {
              reportError(error);
            }
          }}
        >
          {t('orders.drawer.saveMemo')}
        </Button>
      )}
    </section>
  );
}

function OrderDetail({ order, readOnly }: { order: Order; readOnly: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const zh = currentLanguage() === 'zh-CN';
  const channels = useLogisticsChannels();
  const log = useOrderLog(order.id);
  const [dialog, setDialog] = useState<'address' | 'split' | 'cancel' | null>(null);
  const canUpdate = useCan(permOf(PAGE, 'update')) && !readOnly;
  const canMemo = useCan(permOf(PAGE, 'memo')) && !readOnly;
  const canHold = useCan(permOf(PAGE, 'hold')) && !readOnly;
  const canCancel = useCan(permOf(PAGE, 'cancel')) && !readOnly;
  const canSplit = useCan(permOf(PAGE, 'split')) && !readOnly;
  const canCopy = useCan(permOf(PAGE, 'copy')) && !readOnly;
  const canLogistics = useCan(permOf(PAGE, 'logistics')) && !readOnly;
  const hold = useOrderMutation(setHold);
  const cancel = useOrderMutation(cancelOrder);
  const copy = useOrderMutation(copyOrder);
  const itemCancel = useOrderMutation(cancelItem);

  const allows = (action: OrderAction) => order.actions.includes(action);
  const refusal = t('orders.drawer.notAllowed', {
    status: t(`orders.deskStatus.${deskStatusName(order.status)}`),
  });
  const run = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      feedback.success(success);
    } catch (error) {
      reportError(error);
    }
  };
  const channel = channels.data?.find((c) => c.id === order.user_logistics_channel_id);

  return (
    <div className="orders-drawer-body">
      {!readOnly && (
        <Space wrap className="orders-gap" aria-label={t('orders.drawer.actions')}>
          {order.hold ? (
            <ActionButton
              visible={canHold}
              allowed={allows('unhold')}
              reason={refusal}
              loading={hold.isPending}
              onClick={() =>
                void run(
                  () => hold.mutateAsync({ id: order.id, hold: false }),
                  t('orders.drawer.released'),
                )
              }
            >
              {t('orders.drawer.release')}
            </ActionButton>
          ) : (
            <ActionButton
              visible={canHold}
              allowed={allows('hold')}
              reason={refusal}
              loading={hold.isPending}
              onClick={() =>
                void run(
                  () => hold.mutateAsync({ id: order.id, hold: true }),
                  t('orders.drawer.held'),
                )
              }
            >
              {t('orders.drawer.hold')}
            </ActionButton>
          )}
          <ActionButton
            visible={canSplit}
            allowed={allows('split')}
            reason={refusal}
            onClick={() => setDialog('split')}
          >
            {t('orders.drawer.split')}
          </ActionButton>
          <ActionButton
            visible={canCopy}
            allowed={allows('copy')}
            reason={refusal}
            loading={copy.isPending}
            onClick={() =>
              Modal.confirm({
                title: t('orders.drawer.copyConfirm'),
                cancelText: t('common.cancel'),
                onOk: async () => {
                  try {
                    const created = await copy.mutateAsync({ id: order.id });
                    feedback.success(
                      t('orders.drawer.copied', { number: created.seller_order_id }),
                    );
                  } catch (error) {
                    reportError(error);
                  }
                },
              })
            }
          >
            {t('orders.drawer.copy')}
          </ActionButton>
          <ActionButton
            visible={canLogistics}
            allowed={allows('save_logistics')}
            reason={refusal}
            onClick={() => void navigate(idsLink(orderPaths.logistics, [order.id]))}
          >
            {t('orders.drawer.logisticsAction')}
          </ActionButton>
          <ActionButton
            visible={canCancel}
            allowed={allows('cancel')}
            reason={refusal}
            danger
            onClick={() => setDialog('cancel')}
          >
            {t('orders.drawer.cancel')}
          </ActionButton>
        </Space>
      )}

      <Descriptions
        size="small"
        bordered
        column={2}
        title={t('orders.drawer.summary')}
        items={[
          {
            key: 'store',
            label: t('orders.drawer.store'),
            children: `${order.market_alias} · ${MARKETPLACE_NAMES[order.marketplace]}`,
          },
          { key: 'remote', label: t('orders.drawer.remoteId'), children: order.remote_id ?? '—' },
          {
            key: 'order_status',
            label: t('orders.columns.orderStatus'),
            children: <OrderStatusTag status={order.order_status} />,
          },
          {
            key: 'status',
            label: t('orders.columns.status'),
            children: (
              <Space size={4}>
                <DeskStatusTag status={order.status} />
                {order.hold && <Tag color="orange">{t('orders.onHold')}</Tag>}
              </Space>
            ),
          },
          { key: 'raw', label: t('orders.drawer.remoteStatus'), children: order.remote_status },
          {
            key: 'total',
            label: t('orders.drawer.total'),
            children: formatMoney(order.total_minor, order.currency, currentLanguage()),
          },
          { key: 'qty', label: t('orders.drawer.quantity'), children: order.quantity },
          {
            key: 'fulfillment',
            label: t('orders.drawer.fulfillment'),
            children: t(`orders.channel.${order.fulfillment_channel}`),
          },
          {
            key: 'origin',
            label: t('orders.drawer.origin'),
            children: t(`orders.origin.${order.order_from}`),
          },
          { key: 'parent', label: t('orders.drawer.parent'), children: order.parent_id ?? '—' },
          {
            key: 'po',
            label: t('orders.drawer.purchaseOrder'),
            children: order.purchase_order_id === null ? '—' : <PurchaseOrderLink order={order} />,
          },
          {
            key: 'purchased',
            label: t('orders.drawer.purchaseDate'),
            children: formatTimestamp(order.purchase_date),
          },
          {
            key: 'updated',
            label: t('orders.drawer.updated'),
            children: formatTimestamp(order.remote_updated_at),
          },
          {
            key: 'created',
            label: t('orders.drawer.created'),
            children: formatTimestamp(order.created_at),
          },
          {
            key: 'channel',
            label: t('orders.drawer.logistics'),
            children: channel ? (zh ? channel.name_zh : channel.name_en) : '—',
          },
          {
            key: 'tracking',
            label: t('orders.drawer.tracking'),
            children: order.shipped_number ?? '—',
          },
        ]}
      />

      <section className="orders-drawer-section">
        <Space className="orders-section-head">
          <Typography.Title level={5}>{t('orders.drawer.address')}</Typography.Title>
          {canUpdate && (
            <ActionButton
              size="small"
              allowed={allows('save_address')}
              reason={refusal}
              onClick={() => setDialog('address')}
            >
              {t('orders.drawer.editAddress')}
            </ActionButton>
          )}
        </Space>
        {order.address ? (
          <div data-testid="order-address">
            <div>
              <strong>{order.address.name}</strong> {order.address.phone}
            </div>
            <div>{formatAddress(order)}</div>
          </div>
        ) : (
          <span className="orders-muted">{t('orders.drawer.noAddress')}</span>
        )}
      </section>

      <section className="orders-drawer-section">
        <Typography.Title level={5}>{t('orders.drawer.items')}</Typography.Title>
        <Table<OrderItem>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={order.items}
          locale={order.items_pending ? { emptyText: t('orders.itemsLoading') } : undefined}
          columns={[
            { key: 'sku', title: t('orders.columns.sku'), dataIndex: 'sku' },
            { key: 'title', title: t('orders.columns.title'), dataIndex: 'title', ellipsis: true },
            {
              key: 'qty',
              title: t('orders.columns.quantity'),
              dataIndex: 'quantity',
              align: 'right',
              width: 90,
            },
            {
              key: 'line',
              title: t('orders.columns.lineTotal'),
              align: 'right',
              width: 110,
              render: (_, item) =>
                formatMoney(item.line_total_minor, order.currency, currentLanguage()),
            },
            {
              key: 'actions',
              title: t('orders.columns.actions'),
              width: 190,
              render: (_, item) =>
                item.cancelled ? (
                  <Tag color="red">{t('orders.columns.cancelled')}</Tag>
                ) : (
                  <Space size={0}>
                    {canUpdate && allows('edit_num') && (
                      <QuantityEditor order={order} item={item} />
                    )}
                    {canCancel && allows('cancel_item') && (
                      <Popconfirm
                        title={t('orders.drawer.cancelItemConfirm', { sku: item.sku })}
                        cancelText={t('common.cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          run(
                            () => itemCancel.mutateAsync({ id: order.id, item_id: item.id }),
                            t('orders.drawer.itemCancelled'),
                          )
                        }
                      >
                        <Button size="small" type="link" danger>
                          {t('orders.drawer.cancelItem')}
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
            },
          ]}
        />
      </section>

      <MemoEditor
        key={order.memo}
        order={order}
        canMemo={canMemo && allows('save_memo')}
        visible={canMemo}
      />

      <section className="orders-drawer-section">
        <Typography.Title level={5}>{t('orders.drawer.log')}</Typography.Title>
        {log.isLoading ? <Spin /> : <LogTimeline logs={log.data ?? []} />}
      </section>

      {dialog === 'address' && <AddressDialog order={order} onClose={() => setDialog(null)} />}
      {dialog === 'split' && <SplitDialog order={order} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && (
        <CancelDialog
          title={t('orders.cancel.title', { number: order.seller_order_id })}
          hint={t('orders.cancel.hint')}
          okText={t('orders.batch.confirmCancel')}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            try {
              await cancel.mutateAsync({ id: order.id, reason });
              feedback.success(t('orders.drawer.cancelled'));
            } catch (error) {
              reportError(error);
              throw error;
            }
          }}
        />
      )}
    </div>
  );
}

/** The order's drawer: every field, address, memo, items, actions and its log. */
export function OrderDrawer({
  orderId,
  onClose,
  readOnly = false,
}: {
  orderId: number | null;
  onClose: () => void;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const shown = useOrdersById(orderId === null ? [] : [orderId]);
  const order = shown.data?.[0];
  return (
    <Drawer
      open={orderId !== null}
      size={880}
      onClose={onClose}
      destroyOnHidden
      title={order ? t('orders.drawer.title', { number: order.seller_order_id }) : ' '}
    >
      {shown.isLoading ? (
        <Spin />
      ) : order ? (
        <OrderDetail key={order.id} order={order} readOnly={readOnly} />
      ) : (
        <Result status="404" subTitle={t('orders.drawer.notFound')} />
      )}
    </Drawer>
  );
}
