import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import {
  CarOutlined,
  DisconnectOutlined,
  EditOutlined,
  LinkOutlined,
  PrinterOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  DESK_STATUSES,
  type DeskStatus,
  formatMoney,
  formatTimestamp,
  ORDER_STATUSES,
  permOf,
  type ShopeeOrder,
  type ShopeeOrderIndexQuery,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { saveBlob } from '../../../shared/save-blob.ts';
import { IconAction } from '../../../shared/ui/icon-action.tsx';
import {
  downloadLabel,
  purchaseOrders,
  shopeeKeys,
  synchroOrders,
  unbindFirstMile,
  useShopeeMutation,
  useShopeeOrders,
  useShopeeStores,
} from '../api/shopee-orders.ts';
import { SyncOrdersButton } from '../../orders/index.ts';
import { FirstMileDialog, NoteDialog, ShipDialog } from './order-dialogs.tsx';

const PAGE = '/newOrder/shopee';
const FIRST_PAGE: ShopeeOrderIndexQuery = { page: 1, limit: 20 };

interface FilterValues {
  market_id?: number;
  status?: number;
  order_status?: ShopeeOrderIndexQuery['order_status'];
  seller_order_id?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const LOGISTICS_COLOR = { not_started: 'default', ready: 'blue', shipped: 'green' } as const;
const DOCUMENT_COLOR = { none: 'default', ready: 'green', failed: 'red' } as const;
const DESK_COLOR: Record<number, string> = {
  10: 'blue',
  20: 'orange',
  30: 'processing',
  40: 'purple',
  50: 'green',
  60: 'default',
};

type Dialog =
  { kind: 'note' | 'ship'; order: ShopeeOrder } | { kind: 'bind'; orders: ShopeeOrder[] } | null;

/** The Orders tab: filters, the Shopee order table, row and batch actions. */
export function OrdersPanel({ onPack }: { onPack: (orderIds: number[]) => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const [query, setQuery] = useState<ShopeeOrderIndexQuery>(FIRST_PAGE);
  const [selected, setSelected] = useState<ShopeeOrder[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [printing, setPrinting] = useState<number | null>(null);
  const result = useShopeeOrders(query);
  const client = useQueryClient();
  const stores = useShopeeStores();
  const canUpdate = useCan(permOf(PAGE, 'update'));
  const canLogistics = useCan(permOf(PAGE, 'logistics'));
  const canPack = useCan(permOf(PAGE, 'pack'));
  const unbind = useShopeeMutation(unbindFirstMile);
  const purchase = useShopeeMutation(purchaseOrders);
  const pagination = result.data?.pagination;
  const filtered = Object.keys(query).some((k) => !['page', 'limit'].includes(k));

  const search = (values: FilterValues) => {
    const [from, to] = values.dates ?? [];
    setSelected([]);
    setQuery({
      ...FIRST_PAGE,
      limit: query.limit,
      market_id: values.market_id,
      status: values.status,
      order_status: values.order_status,
      seller_order_id: values.seller_order_id?.trim() || undefined,
      start_time: from ? from.startOf('day').unix() : undefined,
      end_time: to ? to.endOf('day').unix() : undefined,
    });
  };

  const oneStore = (orders: ShopeeOrder[]) => {
    if (new Set(orders.map((o) => o.market_id)).size > 1) {
      feedback.warning(t('shopeeOrders.firstMile.oneStore'));
      return false;
    }
    return true;
  };

  const print = async (order: ShopeeOrder) => {
    setPrinting(order.id);
    try {
      const blob = await downloadLabel(order.id);
      saveBlob(blob, `shopee-${order.seller_order_id}.pdf`);
      feedback.success(t('shopeeOrders.label.done'));
      void result.refetch();
    } catch (error) {
      reportError(error);
    } finally {
      setPrinting(null);
    }
  };

  const askUnbind = (orders: ShopeeOrder[]) => {
    if (!oneStore(orders)) return;
    Modal.confirm({
      title: t('shopeeOrders.firstMile.unbindConfirm', { count: orders.length }),
      okText: t('shopeeOrders.actions.unbind'),
      okButtonProps: { danger: true },
      cancelText: t('shopeeOrders.cancel'),
      onOk: () =>
        unbind
          .mutateAsync({ ids: orders.map((o) => o.id) })
          .then((answer) => {
            const ok = answer.results.filter((r) => r.ok).length;
            const failed = answer.results.length - ok;
            if (failed === 0) feedback.success(t('shopeeOrders.firstMile.unbound', { count: ok }));
            else feedback.warning(t('shopeeOrders.firstMile.result', { ok, failed }), 6);
            setSelected([]);
          })
          .catch((error: unknown) => reportError(error)),
    });
  };

  const addToCart = (orders: ShopeeOrder[]) =>
    purchase.mutate(
      { ids: orders.map((o) => o.id) },
      {
        onSuccess: (answer) => {
          const missing = answer.items.filter((i) => !i.ok);
          if (answer.added > 0)
            feedback.success(t('shopeeOrders.cart.done', { added: answer.added }));
          if (missing.length > 0) {
            feedback.warning(
              t('shopeeOrders.cart.missing', {
                count: missing.length,
                skus: [...new Set(missing.map((i) => i.sku))].join(', '),
              }),
              6,
            );
          }
        },
        onError: (error) => reportError(error),
      },
    );

  return (
    <>
      <Form
        form={form}
        layout="inline"
        className="shopee-filters"
        onFinish={search}
        aria-label={t('shopeeOrders.filters.search')}
      >
        <Form.Item name="market_id" label={t('shopeeOrders.filters.store')}>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('shopeeOrders.filters.allStores')}
            loading={stores.isLoading}
            options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.alias }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('shopeeOrders.filters.status')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('shopeeOrders.filters.allStatuses')}
            options={DESK_STATUSES.map((s) => ({
              value: s,
              label: t(`shopeeOrders.desk.${s}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="order_status" label={t('shopeeOrders.filters.orderStatus')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('shopeeOrders.filters.allStatuses')}
            options={ORDER_STATUSES.map((s) => ({
              value: s,
              label: t(`shopeeOrders.orderStatus.${s}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="seller_order_id" label={t('shopeeOrders.filters.number')}>
          <Input
            allowClear
            style={{ width: 200 }}
            placeholder={t('shopeeOrders.filters.numberPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="dates" label={t('shopeeOrders.filters.dates')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('shopeeOrders.filters.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setSelected([]);
                setQuery({ ...FIRST_PAGE, limit: query.limit });
              }}
            >
              {t('shopeeOrders.filters.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>

      <div className="shopee-toolbar">
        <Space wrap>
          {canUpdate && (
            <SyncOrdersButton
              primary
              queue={() => synchroOrders()}
              onDone={() => client.invalidateQueries({ queryKey: shopeeKeys.orders() })}
            />
          )}
          {selected.length > 0 && (
            <>
              <Typography.Text type="secondary">
                {t('shopeeOrders.selected', { count: selected.length })}
              </Typography.Text>
              {canLogistics && (
                <Button
                  icon={<LinkOutlined />}
                  onClick={() =>
                    oneStore(selected) && setDialog({ kind: 'bind', orders: selected })
                  }
                >
                  {t('shopeeOrders.actions.bind')}
                </Button>
              )}
              {canLogistics && (
                <Button icon={<DisconnectOutlined />} onClick={() => askUnbind(selected)}>
                  {t('shopeeOrders.actions.unbind')}
                </Button>
              )}
              {canUpdate && (
                <Button
                  icon={<ShoppingCartOutlined />}
                  loading={purchase.isPending}
                  onClick={() => addToCart(selected)}
                >
                  {t('shopeeOrders.actions.cart')}
                </Button>
              )}
              {canPack && (
                <Button onClick={() => onPack(selected.map((o) => o.id))}>
                  {t('shopeeOrders.actions.pack')}
                </Button>
              )}
            </>
          )}
        </Space>
      </div>

      {result.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('shopeeOrders.loadFailed')}
          action={
            <Button size="small" onClick={() => void result.refetch()}>
              {t('shopeeOrders.retry')}
            </Button>
          }
        />
      ) : (
        <Table<ShopeeOrder>
          rowKey="id"
          size="middle"
          scroll={{ x: 1600 }}
          loading={result.isFetching}
          dataSource={result.data?.list ?? []}
          rowSelection={{
            selectedRowKeys: selected.map((o) => o.id),
            onChange: (_, rows) => setSelected(rows),
          }}
          locale={{
            emptyText: (
              <Empty
                description={t(filtered ? 'shopeeOrders.emptyFiltered' : 'shopeeOrders.empty')}
              />
            ),
          }}
          pagination={
            pagination && {
              current: pagination.page,
              pageSize: pagination.size,
              total: pagination.total,
              showSizeChanger: true,
              showTotal: (total) => t('shopeeOrders.total', { total }),
              onChange: (page, size) =>
                setQuery({ ...query, page: size === query.limit ? page : 1, limit: size }),
            }
          }
          columns={[
            {
              key: 'order',
              title: t('shopeeOrders.columns.order'),
              width: 190,
              fixed: 'left',
              render: (_, o) => (
                <div>
                  <Typography.Text copyable strong>
                    {o.seller_order_id}
                  </Typography.Text>
                  <div className="shopee-muted">{o.market_alias}</div>
                </div>
              ),
            },
            {
              key: 'purchased',
              title: t('shopeeOrders.columns.purchased'),
              width: 160,
              render: (_, o) => formatTimestamp(o.purchase_date),
            },
            {
              key: 'total',
              title: t('shopeeOrders.columns.total'),
              width: 110,
              align: 'right',
              render: (_, o) => formatMoney(o.total_minor, o.currency, i18n.language),
            },
            {
              key: 'status',
              title: t('shopeeOrders.columns.status'),
              width: 150,
              render: (_, o) => (
                <Space direction="vertical" size={2}>
                  <Tag color={DESK_COLOR[o.status]}>
                    {t(`shopeeOrders.desk.${o.status as DeskStatus}`)}
                  </Tag>
                  <span className="shopee-muted" title={o.remote_status}>
                    {t(`shopeeOrders.orderStatus.${o.order_status}`)}
                  </span>
                </Space>
              ),
            },
            {
              key: 'package',
              title: t('shopeeOrders.columns.package'),
              width: 150,
              render: (_, o) => o.shopee.package_number ?? '—',
            },
            {
              key: 'logistics',
              title: t('shopeeOrders.columns.logistics'),
              width: 170,
              render: (_, o) => (
                <Space direction="vertical" size={2}>
                  <Tag color={LOGISTICS_COLOR[o.shopee.logistics_status]}>
                    {t(`shopeeOrders.logistics.${o.shopee.logistics_status}`)}
                  </Tag>
                  {o.shopee.tracking_number && (
                    <Typography.Text copyable className="shopee-mono">
                      {o.shopee.tracking_number}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              key: 'label',
              title: t('shopeeOrders.columns.label'),
              width: 110,
              render: (_, o) => (
                <Tag color={DOCUMENT_COLOR[o.shopee.document_status]}>
                  {t(`shopeeOrders.document.${o.shopee.document_status}`)}
                </Tag>
              ),
            },
            {
              key: 'firstMile',
              title: t('shopeeOrders.columns.firstMile'),
              width: 160,
              render: (_, o) => (
                <Space direction="vertical" size={2}>
                  {o.shopee.first_mile_tracking_number ? (
                    <Typography.Text className="shopee-mono">
                      {o.shopee.first_mile_tracking_number}
                    </Typography.Text>
                  ) : (
                    <span className="shopee-muted">{t('shopeeOrders.notBound')}</span>
                  )}
                  {o.shopee.pack_id !== null && (
                    <Tag color="purple">{t('shopeeOrders.inPack', { id: o.shopee.pack_id })}</Tag>
                  )}
                </Space>
              ),
            },
            {
              key: 'note',
              title: t('shopeeOrders.columns.note'),
              width: 160,
              ellipsis: true,
              render: (_, o) => o.shopee.note || '—',
            },
            {
              key: 'actions',
              title: t('shopeeOrders.columns.actions'),
              width: 200,
              fixed: 'right',
              render: (_, o) => (
                <Space size={0}>
                  {canUpdate && (
                    <IconAction
                      label={t('shopeeOrders.actions.note')}
                      icon={<EditOutlined />}
                      onClick={() => setDialog({ kind: 'note', order: o })}
                    />
                  )}
                  {canLogistics && (
                    <IconAction
                      label={t('shopeeOrders.actions.ship')}
                      icon={<CarOutlined />}
                      disabled={
                        o.shopee.logistics_status !== 'not_started' ||
                        o.order_status !== 'unshipped' ||
                        !o.actions.includes('save_logistics')
                      }
                      onClick={() => setDialog({ kind: 'ship', order: o })}
                    />
                  )}
                  {canLogistics && (
                    <IconAction
                      label={t('shopeeOrders.actions.label')}
                      icon={<PrinterOutlined spin={printing === o.id} />}
                      disabled={!o.shopee.tracking_number || printing !== null}
                      onClick={() => void print(o)}
                    />
                  )}
                  {canLogistics &&
                    (o.shopee.first_mile_tracking_number ? (
                      <IconAction
                        label={t('shopeeOrders.actions.unbind')}
                        icon={<DisconnectOutlined />}
                        onClick={() => askUnbind([o])}
                      />
                    ) : (
                      <IconAction
                        label={t('shopeeOrders.actions.bind')}
                        icon={<LinkOutlined />}
                        disabled={o.order_status !== 'unshipped'}
                        onClick={() => setDialog({ kind: 'bind', orders: [o] })}
                      />
                    ))}
                  {canUpdate && (
                    <IconAction
                      label={t('shopeeOrders.actions.cart')}
                      icon={<ShoppingCartOutlined />}
                      disabled={!o.actions.includes('add_cart')}
                      onClick={() => addToCart([o])}
                    />
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      {dialog?.kind === 'note' && (
        <NoteDialog order={dialog.order} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'ship' && (
        <ShipDialog order={dialog.order} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'bind' && (
        <FirstMileDialog
          orders={dialog.orders}
          onClose={() => {
            setDialog(null);
            setSelected([]);
          }}
        />
      )}
    </>
  );
}
