import { useEffect, useState } from 'react';
import {
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  type FormInstance,
} from 'antd';
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  FULFILLMENT_CHANNELS,
  MARKETPLACE_NAMES,
  MARKETPLACES,
  ORDER_ORIGINS,
  ORDER_STATUSES,
  type OrderListFilter,
} from '@app/shared';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useLogisticsChannels, useOrderMarkets } from '../api/orders.ts';

/** The form's values: dates as dayjs, the flag as a select value. */
export interface FilterValues {
  seller_order_id?: string;
  sku?: string;
  market_id?: number;
  order_status?: OrderListFilter['order_status'];
  range?: [Dayjs | null, Dayjs | null] | null;
  user_logistics_channel_id?: number;
  location_id?: number | null;
  shipped_number?: string;
  purchase_shipped_number?: string;
  purchase_date?: Dayjs | null;
  source?: OrderListFilter['source'];
  order_from?: OrderListFilter['order_from'];
  fulfillment_channel?: OrderListFilter['fulfillment_channel'];
  zone?: string;
  single_quantity?: 'single' | 'multiple';
  awaiting_funds?: boolean;
}

const MORE_KEYS: Array<keyof OrderListFilter> = [
  'user_logistics_channel_id',
  'location_id',
  'shipped_number',
  'purchase_shipped_number',
  'purchase_date',
  'source',
  'order_from',
  'zone',
  'single_quantity',
];

function toValues(q: OrderListFilter): FilterValues {
  return {
    seller_order_id: q.seller_order_id,
    sku: q.sku,
    market_id: q.market_id,
    order_status: q.order_status,
    range:
      q.start_time !== undefined || q.end_time !== undefined
        ? [
            q.start_time === undefined ? null : dayjs.unix(q.start_time),
            q.end_time === undefined ? null : dayjs.unix(q.end_time).subtract(1, 'day'),
          ]
        : null,
    user_logistics_channel_id: q.user_logistics_channel_id,
    location_id: q.location_id ?? null,
    shipped_number: q.shipped_number,
    purchase_shipped_number: q.purchase_shipped_number,
    purchase_date: q.purchase_date ? dayjs(q.purchase_date) : null,
    source: q.source,
    order_from: q.order_from,
    fulfillment_channel: q.fulfillment_channel,
    zone: q.zone,
    single_quantity:
      q.single_quantity === undefined ? undefined : q.single_quantity ? 'single' : 'multiple',
    awaiting_funds: q.awaiting_funds,
  };
}

const text = (value: string | undefined) => value?.trim() || undefined;

function toFilter(v: FilterValues): Partial<OrderListFilter> {
  const [from, to] = v.range ?? [null, null];
  return {
    seller_order_id: text(v.seller_order_id),
    sku: text(v.sku),
    market_id: v.market_id,
    order_status: v.order_status,
    // The picked days are whole local days: from the first's start to the end of the last.
    start_time: from ? from.startOf('day').unix() : undefined,
    end_time: to ? to.add(1, 'day').startOf('day').unix() : undefined,
    user_logistics_channel_id: v.user_logistics_channel_id,
    location_id: v.location_id ?? undefined,
    shipped_number: text(v.shipped_number),
    purchase_shipped_number: text(v.purchase_shipped_number),
    purchase_date: v.purchase_date ? v.purchase_date.format('YYYY-MM-DD') : undefined,
    source: v.source,
    order_from: v.order_from,
    fulfillment_channel: v.fulfillment_channel,
    zone: text(v.zone)?.toUpperCase(),
    single_quantity: v.single_quantity === undefined ? undefined : v.single_quantity === 'single',
    // Checked: only the orders waiting for funds; unchecked: no filter.
    awaiting_funds: v.awaiting_funds ? true : undefined,
  };
}

/**
 * The filters picked in the form but not searched yet, so a status tab clicked before searching
 * keeps what the seller chose rather than going back to the URL's filters. The whole store is read: the fields
 * folded under "More filters" keep their values there.
 */
export function pendingFilters(form: FormInstance<FilterValues>): Partial<OrderListFilter> {
  return toFilter(form.getFieldsValue(true) as FilterValues);
}

interface OrderFiltersProps {
  /** The list's form, so the list can read the pending filters (see `pendingFilters`). */
  form: FormInstance<FilterValues>;
  value: OrderListFilter;
  /** The filters chosen; the page goes back to 1, the tab and sort stay. */
  onSearch: (filters: Partial<OrderListFilter>) => void;
  /** Filters the list fixes (the FBA list's channel) are not offered. */
  hidden?: ReadonlyArray<keyof OrderListFilter>;
}

/** Spec 3's filter set: the common filters in one row, the rest under "More filters". */
export function OrderFilters({ form, value, onSearch, hidden = [] }: OrderFiltersProps) {
  const { t } = useTranslation();
  const markets = useOrderMarkets();
  const channels = useLogisticsChannels();
  const zh = currentLanguage() === 'zh-CN';
  const [more, setMore] = useState(() =>
    MORE_KEYS.some((k) => !hidden.includes(k) && value[k] !== undefined),
  );

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toValues(value));
  }, [form, value]);

  const show = (key: keyof OrderListFilter) => !hidden.includes(key);
  const submit = (values: FilterValues) => onSearch(toFilter(values));

  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      className="orders-filters"
      onFinish={submit}
      aria-label={t('orders.filters.search')}
    >
      <Form.Item name="seller_order_id" label={t('orders.filters.orderNumber')}>
        <Input allowClear style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="sku" label={t('orders.filters.sku')}>
        <Input allowClear style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="market_id" label={t('orders.filters.store')}>
        <Select
          allowClear
          style={{ width: 180 }}
          loading={markets.isLoading}
          options={(markets.data ?? []).map((m) => ({
            value: m.id,
            label: `${m.alias} · ${MARKETPLACE_NAMES[m.marketplace]}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="order_status" label={t('orders.filters.orderStatus')}>
        <Select
          allowClear
          style={{ width: 160 }}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders.orderStatus.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('orders.filters.purchaseRange')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      {show('fulfillment_channel') && (
        // In the first row: the desk's seller-fulfilled orders and the marketplace-fulfilled
        // ones are two different lists rather than a detail to narrow by.
        <Form.Item name="fulfillment_channel" label={t('orders.filters.fulfillment')}>
          <Select
            style={{ width: 200 }}
            options={FULFILLMENT_CHANNELS.map((c) => ({
              value: c,
              label: t(`orders.channel.${c}`),
            }))}
          />
        </Form.Item>
      )}
      {show('awaiting_funds') && (
        <Form.Item name="awaiting_funds" valuePropName="checked">
          <Checkbox>{t('orders.filters.awaitingFunds')}</Checkbox>
        </Form.Item>
      )}
      {more && (
        <>
          {show('user_logistics_channel_id') && (
            <Form.Item
              name="user_logistics_channel_id"
              label={t('orders.filters.logisticsChannel')}
            >
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 220 }}
                options={(channels.data ?? []).map((c) => ({
                  value: c.id,
                  label: zh ? c.name_zh : c.name_en,
                }))}
              />
            </Form.Item>
          )}
          {show('shipped_number') && (
            <Form.Item name="shipped_number" label={t('orders.filters.trackingNumber')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
          )}
          {show('purchase_shipped_number') && (
            <Form.Item name="purchase_shipped_number" label={t('orders.filters.purchaseNumber')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
          )}
          {show('purchase_date') && (
            <Form.Item name="purchase_date" label={t('orders.filters.purchaseDate')}>
              <DatePicker />
            </Form.Item>
          )}
          {show('source') && (
            <Form.Item name="source" label={t('orders.filters.source')}>
              <Select
                allowClear
                style={{ width: 140 }}
                options={MARKETPLACES.map((m) => ({ value: m, label: MARKETPLACE_NAMES[m] }))}
              />
            </Form.Item>
          )}
          {show('order_from') && (
            <Form.Item name="order_from" label={t('orders.filters.orderFrom')}>
              <Select
                allowClear
                style={{ width: 130 }}
                options={ORDER_ORIGINS.map((o) => ({ value: o, label: t(`orders.origin.${o}`) }))}
              />
            </Form.Item>
          )}
          {show('zone') && (
            <Form.Item
              name="zone"
              label={t('orders.filters.zone')}
              rules={[{ pattern: /^[A-Za-z]{2}$/, message: t('orders.filters.zonePlaceholder') }]}
            >
              <Input
                allowClear
                maxLength={2}
                style={{ width: 90 }}
                placeholder={t('orders.filters.zonePlaceholder')}
              />
            </Form.Item>
          )}
          {show('single_quantity') && (
            <Form.Item name="single_quantity" label={t('orders.filters.singleQuantity')}>
              <Select
                allowClear
                style={{ width: 130 }}
                placeholder={t('orders.filters.any')}
                options={[
                  { value: 'single', label: t('orders.filters.single') },
                  { value: 'multiple', label: t('orders.filters.multiple') },
                ]}
              />
            </Form.Item>
          )}
          {show('location_id') && (
            <Form.Item name="location_id" label={t('orders.filters.location')}>
              <InputNumber min={1} precision={0} style={{ width: 110 }} />
            </Form.Item>
          )}
        </>
      )}
      <Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('orders.filters.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('orders.filters.reset')}
          </Button>
          <Button
            type="link"
            icon={more ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setMore(!more)}
            aria-expanded={more}
          >
            {t(more ? 'orders.filters.less' : 'orders.filters.more')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
