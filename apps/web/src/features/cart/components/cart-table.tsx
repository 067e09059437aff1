import { Button, Table, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, type CartLine, type CartView } from '@app/shared';
import { LineImage } from './line-image.tsx';
import { ProblemTag } from './problem-tag.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';
import { VariantSelect } from './variant-select.tsx';

export interface CartTableActions {
  select: (line: CartLine, selected: boolean) => void;
  selectAll: (selected: boolean) => void;
  increment: (line: CartLine) => void;
  decrement: (line: CartLine) => void;
  setQuantity: (line: CartLine, quantity: number) => void;
  switchSku: (line: CartLine, skuId: number) => void;
  remove: (line: CartLine) => void;
}

interface CartTableProps {
  view: CartView | undefined;
  loading: boolean;
  empty: ReactNode;
  canUpdate: boolean;
  canDelete: boolean;
  actions: CartTableActions;
}

/** The cart's lines with selection, variant, quantity and the reason a line cannot be checked out. */
export function CartTable({ view, loading, empty, canUpdate, canDelete, actions }: CartTableProps) {
  const { t } = useTranslation();
  const items = view?.items ?? [];

  return (
    <Table<CartLine>
      className="cart-table"
      rowKey="id"
      size="middle"
      loading={loading && !view}
      dataSource={items}
      pagination={false}
      scroll={{ x: 900 }}
      locale={{ emptyText: empty }}
      rowClassName={(line) => (line.problem ? 'cart-row--problem' : '')}
      rowSelection={{
        selectedRowKeys: items.filter((line) => line.selected).map((line) => line.id),
        getCheckboxProps: (line) => ({
          disabled: !canUpdate,
          'aria-label': t('cart.selectLine', { title: line.title }),
        }),
        onSelect: (line, selected) => actions.select(line, selected),
        onSelectAll: (selected) => actions.selectAll(selected),
      }}
      columns={[
        {
          key: 'product',
          title: t('cart.columns.product'),
          render: (_, line) => (
            <div className="cart-product">
              <LineImage src={line.image} alt={line.title} />
              <div className="cart-product__text">
                <Typography.Text className="cart-product__title" ellipsis={{ tooltip: line.title }}>
                  {line.title}
                </Typography.Text>
                <span className="cart-product__sku">{t('cart.sku', { code: line.sku_code })}</span>
                {line.problem && <ProblemTag problem={line.problem} stock={line.stock} />}
              </div>
            </div>
          ),
        },
        {
          key: 'variant',
          title: t('cart.columns.variant'),
          width: 200,
          render: (_, line) => (
            <VariantSelect
              line={line}
              disabled={!canUpdate}
              onSwitch={(skuId) => actions.switchSku(line, skuId)}
            />
          ),
        },
        {
          key: 'price',
          title: t('cart.columns.unitPrice'),
          align: 'right',
          width: 110,
          render: (_, line) => `¥${formatMinor(line.unit_price_minor)}`,
        },
        {
          key: 'quantity',
          title: t('cart.columns.quantity'),
          align: 'center',
          width: 170,
          render: (_, line) => (
            <QuantityStepper
              line={line}
              disabled={!canUpdate}
              onIncrement={() => actions.increment(line)}
              onDecrement={() => actions.decrement(line)}
              onSet={(quantity) => actions.setQuantity(line, quantity)}
            />
          ),
        },
        {
          key: 'total',
          title: t('cart.columns.lineTotal'),
          align: 'right',
          width: 120,
          render: (_, line) => (
            <strong className="cart-money">¥{formatMinor(line.line_total_minor)}</strong>
          ),
        },
        ...(canDelete
          ? [
              {
                key: 'actions',
                title: t('cart.columns.actions'),
                width: 90,
                render: (_: unknown, line: CartLine) => (
                  <Button
                    type="link"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('cart.delete')} ${line.title}`}
                    onClick={() => actions.remove(line)}
                  >
                    {t('cart.delete')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
