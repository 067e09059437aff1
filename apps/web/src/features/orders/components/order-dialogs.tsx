import { useState } from 'react';
import { Alert, Descriptions, Form, Input, InputNumber, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Order, type OrderAddress, type SplitOrderResult } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { saveAddress, splitOrder, useOrderMutation } from '../api/orders.ts';

/** Edits the buyer's address (save-order-address); 422 messages land on the fields. */
export function AddressDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrderAddress>();
  const save = useOrderMutation(saveAddress);
  const submit = async (address: OrderAddress) => {
    try {
      await save.mutateAsync({ id: order.id, address });
      feedback.success(t('orders.address.saved'));
      onClose();
    } catch (error) {
      reportError(error, form);
    }
  };
  const field = (name: keyof OrderAddress, required = false, max = 200) => (
    <Form.Item
      name={name}
      label={t(
        `orders.address.${name === 'postal_code' ? 'postalCode' : name === 'country_code' ? 'countryCode' : name}`,
      )}
      rules={required ? [{ required: true, whitespace: true }] : []}
    >
      <Input maxLength={max} />
    </Form.Item>
  );
  return (
    <Modal
      open
      title={t('orders.address.title')}
      okText={t('orders.address.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<OrderAddress>
        form={form}
        layout="vertical"
        initialValues={
          order.address ?? {
            name: '',
            phone: '',
            line1: '',
            line2: '',
            city: '',
            state: '',
            postal_code: '',
            country_code: order.zone ?? '',
          }
        }
        onFinish={(values) => void submit(values)}
      >
        {field('name', true, 100)}
        {field('phone', false, 40)}
        {field('line1', true)}
        {field('line2')}
        {field('city', true, 100)}
        {field('state', false, 100)}
        {field('postal_code', false, 20)}
        {field('country_code', true, 2)}
      </Form>
    </Modal>
  );
}

/** Picks the quantities that move to a new order; then shows both resulting orders. */
export function SplitDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const live = order.items.filter((i) => !i.cancelled);
  const [moves, setMoves] = useState<Record<number, number>>({});
  const [result, setResult] = useState<SplitOrderResult | null>(null);
  const split = useOrderMutation(splitOrder);
  const items = Object.entries(moves)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => ({ item_id: Number(id), quantity }));

  const submit = async () => {
    if (items.length === 0) {
      feedback.warning(t('orders.split.nothing'));
      return;
    }
    try {
      setResult(await split.mutateAsync({ id: order.id, items }));
      feedback.success(t('orders.split.done'));
    } catch (error) {
      reportError(error);
    }
  };

  const summary = (o: Order, title: string) => (
    <Descriptions
      size="small"
      bordered
      column={1}
      title={title}
      items={[
        {
          key: 'total',
          label: t('orders.columns.total'),
          children: formatMoney(o.total_minor, o.currency, currentLanguage()),
        },
        {
          key: 'items',
          label: t('orders.columns.items'),
          children: o.items
            .filter((i) => !i.cancelled)
            .map((i) => `${i.sku} ×${i.quantity}`)
            .join(', '),
        },
      ]}
    />
  );

  return (
    <Modal
      open
      width={720}
      title={t('orders.split.title', { number: order.seller_order_id })}
      okText={result ? t('orders.split.close') : t('orders.split.submit')}
      cancelButtonProps={{ hidden: result !== null }}
      cancelText={t('common.cancel')}
      confirmLoading={split.isPending}
      onOk={() => (result ? onClose() : void submit())}
      onCancel={onClose}
      destroyOnHidden
    >
      {result ? (
        <div className="orders-split-result" data-testid="split-result">
          {summary(
            result.original,
            t('orders.split.original', { number: result.original.seller_order_id }),
          )}
          {summary(
            result.created,
            t('orders.split.created', { number: result.created.seller_order_id }),
          )}
        </div>
      ) : (
        <>
          <Alert type="info" showIcon title={t('orders.split.hint')} className="orders-gap" />
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={live}
            columns={[
              { key: 'sku', title: t('orders.columns.sku'), dataIndex: 'sku' },
              {
                key: 'quantity',
                title: t('orders.columns.quantity'),
                dataIndex: 'quantity',
                align: 'right',
              },
              {
                key: 'move',
                title: t('orders.split.move'),
                render: (_, item) => (
                  <InputNumber
                    aria-label={`${t('orders.split.move')} ${item.sku}`}
                    min={0}
                    max={item.quantity}
                    precision={0}
                    value={moves[item.id] ?? 0}
                    onChange={(v) => setMoves({ ...moves, [item.id]: Number(v ?? 0) })}
                  />
                ),
              },
              {
                key: 'keep',
                title: t('orders.split.keep'),
                align: 'right',
                render: (_, item) => item.quantity - (moves[item.id] ?? 0),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

/** Asks for a cancellation reason; `onConfirm` runs the cancel(s). */
export function CancelDialog({
  title,
  hint,
  okText,
  defaultReason = '',
  onConfirm,
  onClose,
}: {
  title: string;
  hint: string;
  okText: string;
  defaultReason?: string;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState(defaultReason);
  const [pending, setPending] = useState(false);
  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onCancel={onClose}
      onOk={async () => {
        setPending(true);
        try {
          await onConfirm(reason.trim());
          onClose();
        } catch {
          // The caller has told the user; the dialog stays open for another try.
        } finally {
          setPending(false);
        }
      }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={hint} className="orders-gap" />
      <Form layout="vertical">
        <Form.Item label={t('orders.batch.reason')} htmlFor="orders-cancel-reason">
          <Input.TextArea
            id="orders-cancel-reason"
            maxLength={200}
            showCount
            autoFocus
            value={reason}
            placeholder={t('orders.batch.reasonPlaceholder')}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
