import type { Key, ReactNode } from 'react';
import { Button, Empty, Pagination, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useTableColumns } from '../../../shared/ui/table-columns.tsx';
import {
  formatMoney,
  formatTimestamp,
  type LogisticsChannel,
  MARKETPLACE_NAMES,
  type Order,
  type OrderItem,
  type OrderPage,
} from '@app/shared';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { itemsSummary } from '../order-query.ts';
import { ShipmentPushTag } from './shipment-push.tsx';
import { DeskStatusCell, OrderStatusTag } from './status-tags.tsx';

/** How many pages are offered by number; deeper pages go on by cursor. */
export const NUMBERED_PAGES = 50;

export type SortField = 'purchase_date' | 'updated' | 'total';
export interface OrderSort {
  field: SortField;
  direction: 'asc' | 'desc';
}

function ItemsTable({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Table<OrderItem>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={order.items}
      className="orders-items-table"
      locale={order.items_pending ? { emptyText: t('orders.itemsLoading') } : undefined}
      columns={[
        { key: 'sku', title: t('orders.columns.sku'), dataIndex: 'sku', width: 200 },
        { key: 'title', title: t('orders.columns.title'), dataIndex: 'title' },
        {
          key: 'quantity',
          title: t('orders.columns.quantity'),
          dataIndex: 'quantity',
          align: 'right',
          width: 90,
        },
        {
          key: 'shipped',
          title: t('orders.columns.shipped'),
          dataIndex: 'quantity_shipped',
          align: 'right',
          width: 90,
        },
        {
          key: 'line',
          title: t('orders.columns.lineTotal'),
          align: 'right',
          width: 130,
          render: (_, item) =>
            formatMoney(item.line_total_minor, order.currency, currentLanguage()),
        },
        {
          key: 'cancelled',
          title: t('orders.columns.cancelled'),
          width: 90,
          render: (_, item) =>
            item.cancelled ? <Tag color="red">{t('orders.yes')}</Tag> : t('orders.no'),
        },
      ]}
    />
  );
}

interface OrderTableProps {
  page: OrderPage | undefined;
  loading: boolean;
  sort: OrderSort;
  onSort: (sort: OrderSort) => void;
  /** Page by number (1…NUMBERED_PAGES) or, deeper, by the previous answer's cursor. */
  onPage: (to: { page: number; limit: number } | { cursor: string }) => void;
  /** Set while paging by cursor: how many orders come before this page. */
  cursorOffset: number | null;
  onFirstPage: () => void;
  onOpen: (order: Order) => void;
  channels: readonly LogisticsChannel[] | undefined;
  selectedIds?: readonly number[];
  onSelect?: (orders: Order[]) => void;
  empty: ReactNode;
  /** Columns a screen adds at the end (the cancellation screen's confirm button). */
  extraColumns?: TableColumnsType<Order>;
}

/** The orders table every order screen shares: expandable items, sort, paging, selection. */
export function OrderTable({
  page,
  loading,
  sort,
  onSort,
  onPage,
  cursorOffset,
  onFirstPage,
  onOpen,
  channels,
  selectedIds,
  onSelect,
  empty,
  extraColumns = [],
}: OrderTableProps) {
  const { t } = useTranslation();
  const zh = currentLanguage() === 'zh-CN';
  const pagination = page?.pagination;
  const channelName = (id: number | null) => {
    const channel = id === null ? undefined : channels?.find((c) => c.id === id);
    return channel ? (zh ? channel.name_zh : channel.name_en) : id === null ? '' : `#${id}`;
  };
  const sortOrder = (field: SortField) =>
    sort.field === field ? (sort.direction === 'asc' ? 'ascend' : 'descend') : null;

  const columns: TableColumnsType<Order> = [
    {
      key: 'order',
      title: t('orders.columns.order'),
      width: 210,
      render: (_, order) => (
        <Space orientation="vertical" size={0}>
          <Button
            type="link"
            className="orders-number-link"
            aria-label={t('orders.openOrder', { number: order.seller_order_id })}
            onClick={() => onOpen(order)}
          >
            {order.seller_order_id}
          </Button>
          <span className="orders-muted">
            {t(`orders.origin.${order.order_from}`)} · {order.fulfillment_channel}
          </span>
        </Space>
      ),
    },
    {
      key: 'store',
      title: t('orders.columns.store'),
      width: 150,
      render: (_, order) => (
        <Space orientation="vertical" size={0}>
          <span>{order.market_alias}</span>
          <span className="orders-muted">{MARKETPLACE_NAMES[order.marketplace]}</span>
        </Space>
      ),
    },
    {
      key: 'items',
      title: t('orders.columns.items'),
      width: 210,
      render: (_, order) =>
        order.items_pending && order.items.length === 0 ? (
          <Tag icon={<SyncOutlined spin />} color="processing">
            {t('orders.itemsLoading')}
          </Tag>
        ) : (
          <span className="orders-items-cell">{itemsSummary(order)}</span>
        ),
    },
    {
      key: 'total',
      title: t('orders.columns.total'),
      align: 'right',
      width: 120,
      sorter: true,
      sortOrder: sortOrder('total'),
      render: (_, order) => (
        <span className="orders-amount">
          {formatMoney(order.total_minor, order.currency, currentLanguage())}
        </span>
      ),
    },
    {
      key: 'order_status',
      title: t('orders.columns.orderStatus'),
      width: 130,
      render: (_, order) =>
        order.shipment_push ? (
          <Space orientation="vertical" size={2}>
            <OrderStatusTag status={order.order_status} />
            <ShipmentPushTag push={order.shipment_push} />
          </Space>
        ) : (
          <OrderStatusTag status={order.order_status} />
        ),
    },
    {
      key: 'status',
      title: t('orders.columns.status'),
      width: 120,
      render: (_, order) => <DeskStatusCell order={order} />,
    },
    {
      key: 'buyer',
      title: t('orders.columns.buyer'),
      width: 140,
      render: (_, order) => (
        <Space orientation="vertical" size={0}>
          <span>{order.address?.name ?? ''}</span>
          <span className="orders-muted">{order.zone ?? ''}</span>
        </Space>
      ),
    },
    {
      key: 'logistics',
      title: t('orders.columns.logistics'),
      width: 170,
      render: (_, order) =>
        order.user_logistics_channel_id === null ? (
          <span className="orders-muted">—</span>
        ) : (
          <Space orientation="vertical" size={0}>
            <span>{channelName(order.user_logistics_channel_id)}</span>
            <span className="orders-muted">{order.shipped_number}</span>
          </Space>
        ),
    },
    {
      key: 'purchase_date',
      title: t('orders.columns.purchaseDate'),
      width: 150,
      sorter: true,
      sortOrder: sortOrder('purchase_date'),
      render: (_, order) => formatTimestamp(order.purchase_date),
    },
    {
      key: 'updated',
      title: t('orders.columns.updated'),
      width: 150,
      sorter: true,
      sortOrder: sortOrder('updated'),
      render: (_, order) => formatTimestamp(order.remote_updated_at),
    },
    ...extraColumns,
  ];

  const shown = useTableColumns('orders', columns);
  const total = pagination?.total ?? 0;
  const limit = pagination?.size ?? 20;
  const numbered = Math.min(total, NUMBERED_PAGES * limit);
  const lastNumbered = Math.max(1, Math.ceil(numbered / limit));
  const deeper =
    pagination?.next_cursor != null &&
    (cursorOffset !== null ||
      (pagination.page >= lastNumbered && (pagination.more || total > numbered)));

  const pager = (
    <div className="orders-pager">
      {pagination && total > 0 && (
        <>
          <span className="orders-muted">
            {pagination.more ? t('orders.totalMore', { total }) : t('orders.total', { total })}
          </span>
          {cursorOffset === null ? (
            <Pagination
              size="small"
              current={pagination.page}
              pageSize={limit}
              total={numbered}
              showSizeChanger
              pageSizeOptions={[20, 50, 100, 200]}
              onChange={(p, size) => onPage({ page: size === limit ? p : 1, limit: size })}
            />
          ) : (
            <Space>
              <span className="orders-muted">
                {t('orders.cursorPage', { count: cursorOffset })}
              </span>
              <Button size="small" onClick={onFirstPage}>
                {t('orders.firstPage')}
              </Button>
            </Space>
          )}
          {deeper && (
            <Button size="small" onClick={() => onPage({ cursor: pagination.next_cursor! })}>
              {t('orders.nextPage')}
            </Button>
          )}
        </>
      )}
      <span className="orders-pager__settings">{shown.settings}</span>
    </div>
  );

  return (
    <>
      {pager}
      <Table<Order>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={shown.columns}
        dataSource={page?.list ?? []}
        pagination={false}
        scroll={shown.scroll}
        locale={{ emptyText: empty ?? <Empty /> }}
        expandable={{ expandedRowRender: (order) => <ItemsTable order={order} /> }}
        rowSelection={
          onSelect && {
            selectedRowKeys: (selectedIds ?? []) as Key[],
            preserveSelectedRowKeys: false,
            onChange: (_, rows) => onSelect(rows),
          }
        }
        onChange={(_, __, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = s?.columnKey as SortField | undefined;
          if (!field || !s?.order) {
            onSort({ field: 'purchase_date', direction: 'desc' });
            return;
          }
          onSort({ field, direction: s.order === 'ascend' ? 'asc' : 'desc' });
        }}
        rowClassName={(order) => (order.hold ? 'orders-row-held' : '')}
      />
    </>
  );
}

/** A button of a batch or a drawer: hidden without the permission, disabled with a reason. */
export function ActionButton({
  allowed,
  visible = true,
  reason,
  children,
  ...rest
}: {
  allowed: boolean;
  visible?: boolean;
  reason: string;
  children: ReactNode;
} & Omit<React.ComponentProps<typeof Button>, 'disabled' | 'children'>) {
  if (!visible) return null;
  const button = (
    <Button {...rest} disabled={!allowed}>
      {children}
    </Button>
  );
  return allowed ? button : <Tooltip title={reason}>{button}</Tooltip>;
}
