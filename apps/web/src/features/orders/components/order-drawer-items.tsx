import { useState } from 'react';
import { Button, InputNumber, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Order, type OrderItem } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { cancelItem, editNum, useOrderMutation } from '../api/orders.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { runWithFeedback } from './order-drawer-feedback.ts';

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

/** The order's lines, each with its quantity editor and cancel button where allowed. */
export function OrderItems({
  order,
  canEditQuantity,
  canCancelItem,
}: {
  order: Order;
  canEditQuantity: boolean;
  canCancelItem: boolean;
}) {
  const { t } = useTranslation();
  const itemCancel = useOrderMutation(cancelItem);
  return (
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
                  {canEditQuantity && <QuantityEditor order={order} item={item} />}
                  {canCancelItem && (
                    <Popconfirm
                      title={t('orders.drawer.cancelItemConfirm', { sku: item.sku })}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        runWithFeedback(
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
  );
}
