import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DESK_STATUSES, ORDER_STATUSES, type ShopeeOrderIndexQuery } from '@app/shared';
import { useShopeeStores } from '../api/shopee-orders.ts';

interface FilterValues {
  market_id?: number;
  status?: number;
  order_status?: ShopeeOrderIndexQuery['order_status'];
  seller_order_id?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

/** What the filter form narrows the order list by (no page or page size). */
export type OrderFilters = Omit<ShopeeOrderIndexQuery, 'page' | 'limit'>;

/** The filter row above the order table; a search or a reset hands the filters up. */
export function OrdersFilters({ onSearch }: { onSearch: (filters: OrderFilters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const stores = useShopeeStores();

  const search = (values: FilterValues) => {
    const [from, to] = values.dates ?? [];
    onSearch({
      market_id: values.market_id,
      status: values.status,
      order_status: values.order_status,
      seller_order_id: values.seller_order_id?.trim() || undefined,
      start_time: from ? from.startOf('day').unix() : undefined,
      end_time: to ? to.endOf('day').unix() : undefined,
    });
  };

  return (
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
              onSearch({});
            }}
          >
            {t('shopeeOrders.filters.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
