import type { ReactNode } from 'react';
import { Button, Dropdown, Space, Table, type TableColumnsType } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useTableColumns } from '../../../shared/ui/table-columns.tsx';
import {
  formatMinor,
  formatTimestamp,
  type PurchaseOrder,
  type PurchaseOrderPage,
} from '@app/shared';
import { PaidVia, StatusTag } from './money-cells.tsx';
import { OrderItemsCell } from './order-items-cell.tsx';

export type PayMethod = 'balance' | 'alipay';

interface OrderTableProps {
  page: PurchaseOrderPage | undefined;
  loading: boolean;
  empty: ReactNode;
  canPay: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onPage: (page: number, size: number) => void;
  onPay: (order: PurchaseOrder, method: PayMethod) => void;
  onDetails: (order: PurchaseOrder) => void;
  onCancel: (order: PurchaseOrder) => void;
}

/** Purchase orders with their amounts and status; only unpaid rows can be selected for a batch pay. */
export function OrderTable(props: OrderTableProps) {
  const { page, loading, empty, canPay, selected, onSelect, onPage } = props;
  const { t } = useTranslation();

  const columns: TableColumnsType<PurchaseOrder> = [
    {
      title: t('finance.orders.columns.number'),
      dataIndex: 'number',
      width: 220,
      render: (number: string, order) => (
        <>
          <Button
            type="link"
            size="small"
            className="finance-link"
            onClick={() => props.onDetails(order)}
          >
            {number}
          </Button>
          <div className="finance-sub">{formatTimestamp(order.created_at)}</div>
        </>
      ),
    },
    {
      title: t('finance.orders.columns.items'),
      dataIndex: 'items',
      render: (items: PurchaseOrder['items']) => <OrderItemsCell items={items} />,
    },
    {
      title: t('finance.orders.columns.quantity'),
      dataIndex: 'quantity',
      align: 'right',
      width: 70,
    },
    {
      title: t('finance.orders.columns.total'),
      dataIndex: 'amount_minor',
      align: 'right',
      width: 230,
      render: (value: number, order) => (
        <>
          <strong className="finance-amount">¥{formatMinor(value)}</strong>
          <div className="finance-sub">
            {t('finance.orders.columns.goods')} {formatMinor(order.goods_minor)} ·{' '}
            {t('finance.orders.columns.shipping')} {formatMinor(order.shipping_minor)}
          </div>
          {order.discount_minor > 0 && (
            <div className="finance-sub">
              {t('finance.orders.columns.discount')} −{formatMinor(order.discount_minor)}
            </div>
          )}
        </>
      ),
    },
    {
      title: t('finance.orders.columns.status'),
      dataIndex: 'status',
      width: 120,
      render: (status: PurchaseOrder['status'], order) => (
        <>
          <StatusTag status={status} />
          {order.paid_via && (
            <div className="finance-sub">
              <PaidVia via={order.paid_via} />
            </div>
          )}
        </>
      ),
    },
    {
      title: t('finance.orders.columns.actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, order) => (
        <Space size={0} wrap>
          {canPay && order.status === 'unpaid' && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'balance', label: t('finance.orders.payBalance') },
                  { key: 'alipay', label: t('finance.orders.payAlipay') },
                ],
                onClick: ({ key }) => props.onPay(order, key as PayMethod),
              }}
            >
              <Button type="link" size="small">
                {t('finance.orders.pay')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
          <Button type="link" size="small" onClick={() => props.onDetails(order)}>
            {t('finance.orders.details')}
          </Button>
          {canPay && (order.status === 'unpaid' || order.status === 'paid') && (
            <Button type="link" size="small" danger onClick={() => props.onCancel(order)}>
              {t('finance.orders.cancel')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const shown = useTableColumns('purchase-orders', columns);
  return (
    <>
      <div className="table-columns__bar">{shown.settings}</div>
      <Table<PurchaseOrder>
        rowKey="id"
        columns={shown.columns}
        dataSource={page?.list ?? []}
        loading={loading}
        locale={{ emptyText: empty }}
        scroll={shown.scroll}
        rowSelection={
          canPay
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => onSelect(keys.map(Number)),
                getCheckboxProps: (order) => ({
                  disabled: order.status !== 'unpaid',
                  'aria-label': order.number,
                }),
              }
            : undefined
        }
        pagination={
          page
            ? {
                current: page.pagination.page,
                pageSize: page.pagination.size,
                total: page.pagination.total,
                showSizeChanger: true,
                showTotal: (total) => t('finance.orders.total', { total }),
                onChange: onPage,
              }
            : false
        }
      />
    </>
  );
}
