import { useEffect } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Radio, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHOPEE_NOTE_MAX, type ShopeeOrder, type ShopeeShipMethod } from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import {
  addNote,
  bindFirstMile,
  initLogistics,
  useFirstMileChannels,
  useShippingParameter,
  useShopeeMutation,
} from '../api/shopee-orders.ts';

/** Sets the order's note on Shopee. */
export function NoteDialog({ order, onClose }: { order: ShopeeOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const save = useShopeeMutation(addNote);
  const submit = ({ note }: { note: string }) =>
    save.mutate(
      { id: order.id, note: note.trim() },
      {
        onSuccess: () => {
          feedback.success(t('shopeeOrders.note.saved'));
          onClose();
        },
        onError: (error) => reportError(error, form),
      },
    );
  return (
    <Modal
      open
      title={t('shopeeOrders.note.title', { number: order.seller_order_id })}
      okText={t('shopeeOrders.packs.save')}
      cancelText={t('shopeeOrders.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ note: order.shopee.note }}
        onFinish={submit}
      >
        <Form.Item name="note" label={t('shopeeOrders.note.label')}>
          <Input.TextArea rows={4} maxLength={SHOPEE_NOTE_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface ShipValues {
  method: ShopeeShipMethod;
  address_id?: number;
  pickup_time_id?: string;
  branch_id?: number;
  sender_real_name?: string;
  tracking_number?: string;
}

/** Arrange shipment: reads get_shipping_parameter, then ships by pickup, drop-off or own carrier. */
export function ShipDialog({ order, onClose }: { order: ShopeeOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ShipValues>();
  const parameter = useShippingParameter(order.id);
  const ship = useShopeeMutation(initLogistics);
  const method = Form.useWatch('method', form);
  const addressId = Form.useWatch('address_id', form);
  const addresses = parameter.data?.addresses ?? [];
  const slots = addresses.find((a) => a.address_id === addressId)?.time_slots ?? [];

  useEffect(() => {
    const first = parameter.data?.addresses[0];
    if (!parameter.data) return;
    form.setFieldsValue({
      method: parameter.data.methods[0] ?? 'non_integrated',
      address_id: first?.address_id,
      pickup_time_id: first?.time_slots[0]?.pickup_time_id,
    });
  }, [parameter.data, form]);

  const submit = (values: ShipValues) =>
    ship.mutate(
      { id: order.id, ...values },
      {
        onSuccess: (answer) => {
          feedback.success(
            t('shopeeOrders.ship.done', { tracking: answer.shopee.tracking_number ?? '' }),
          );
          onClose();
        },
        onError: (error) => reportError(error, form),
      },
    );

  return (
    <Modal
      open
      title={t('shopeeOrders.ship.title', { number: order.seller_order_id })}
      okText={t('shopeeOrders.ship.submit')}
      cancelText={t('shopeeOrders.cancel')}
      okButtonProps={{ disabled: !parameter.data }}
      confirmLoading={ship.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {parameter.isLoading && (
        <>
          <div className="shopee-muted">{t('shopeeOrders.ship.loading')}</div>
          <Skeleton active paragraph={{ rows: 3 }} />
        </>
      )}
      {parameter.isError && (
        <Alert
          type="error"
          showIcon
          title={t('shopeeOrders.ship.loadFailed', {
            message: isApiError(parameter.error) ? parameter.error.message : '',
          })}
        />
      )}
      {parameter.data && (
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="method"
            label={t('shopeeOrders.ship.method')}
            rules={[{ required: true }]}
          >
            <Radio.Group
              optionType="button"
              options={parameter.data.methods.map((m) => ({
                value: m,
                label: t(`shopeeOrders.ship.methods.${m}`),
              }))}
            />
          </Form.Item>
          {method === 'pickup' && (
            <>
              <Form.Item
                name="address_id"
                label={t('shopeeOrders.ship.address')}
                rules={[{ required: true }]}
              >
                <Select
                  options={addresses.map((a) => ({ value: a.address_id, label: a.address }))}
                />
              </Form.Item>
              <Form.Item
                name="pickup_time_id"
                label={t('shopeeOrders.ship.slot')}
                rules={[{ required: true }]}
              >
                <Select options={slots.map((s) => ({ value: s.pickup_time_id, label: s.text }))} />
              </Form.Item>
            </>
          )}
          {method === 'dropoff' && (
            <>
              <Form.Item name="branch_id" label={t('shopeeOrders.ship.branch')}>
                <InputNumber min={1} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="sender_real_name" label={t('shopeeOrders.ship.sender')}>
                <Input maxLength={100} />
              </Form.Item>
            </>
          )}
          {method && (
            <Form.Item
              name="tracking_number"
              label={t(
                method === 'non_integrated'
                  ? 'shopeeOrders.ship.tracking'
                  : 'shopeeOrders.ship.trackingOptional',
              )}
              rules={[{ required: method === 'non_integrated' }]}
            >
              <Input maxLength={64} />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}

/** Binds the chosen orders (of one store) to a first-mile tracking number. */
export function FirstMileDialog({
  orders,
  onClose,
}: {
  orders: ShopeeOrder[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{
    logistics_channel_id: number;
    first_mile_tracking_number?: string;
  }>();
  const channels = useFirstMileChannels(orders[0]?.market_id ?? null);
  const bind = useShopeeMutation(bindFirstMile);
  const submit = (values: { logistics_channel_id: number; first_mile_tracking_number?: string }) =>
    bind.mutate(
      {
        ids: orders.map((o) => o.id),
        logistics_channel_id: values.logistics_channel_id,
        first_mile_tracking_number: values.first_mile_tracking_number?.trim() || undefined,
      },
      {
        onSuccess: (answer) => {
          const ok = answer.results.filter((r) => r.ok).length;
          const failed = answer.results.length - ok;
          if (failed === 0) {
            feedback.success(
              t('shopeeOrders.firstMile.bound', { number: answer.first_mile_tracking_number }),
            );
          } else {
            feedback.warning(
              `${t('shopeeOrders.firstMile.result', { ok, failed })}: ${answer.results
                .filter((r) => !r.ok)
                .map((r) => r.reason)
                .join('; ')}`,
              6,
            );
          }
          onClose();
        },
        onError: (error) => reportError(error, form),
      },
    );
  return (
    <Modal
      open
      title={t('shopeeOrders.firstMile.title', { count: orders.length })}
      okText={t('shopeeOrders.firstMile.submit')}
      cancelText={t('shopeeOrders.cancel')}
      confirmLoading={bind.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="logistics_channel_id"
          label={t('shopeeOrders.firstMile.channel')}
          rules={[{ required: true }]}
        >
          <Select
            loading={channels.isLoading}
            options={(channels.data ?? []).map((c) => ({
              value: c.logistics_channel_id,
              label: `${c.logistics_channel_name} (${t(`shopeeOrders.firstMile.methods.${c.shipment_method}`)})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="first_mile_tracking_number" label={t('shopeeOrders.firstMile.tracking')}>
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
