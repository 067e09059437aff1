import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FBA_SHIPMENT_STATUSES, type FbaListQuery } from '@app/shared';
import { useFbaStores } from '../api/fba.ts';

interface FilterValues {
  market_id?: number;
  shipment_id?: string;
  order_number?: string;
  status?: FbaListQuery['status'];
  dates?: [Dayjs | null, Dayjs | null] | null;
}

export type PlanFilters = Omit<FbaListQuery, 'page' | 'limit'>;

/** The filter row above the FBA shipment list: the spec's six filters. */
export function PlanFiltersForm({ onSearch }: { onSearch: (filters: PlanFilters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const stores = useFbaStores();
  const search = (v: FilterValues) => {
    const [from, to] = v.dates ?? [];
    onSearch({
      market_id: v.market_id,
      shipment_id: v.shipment_id?.trim() || undefined,
      order_number: v.order_number?.trim() || undefined,
      status: v.status,
      start_time: from ? from.startOf('day').unix() : undefined,
      end_time: to ? to.endOf('day').unix() : undefined,
    });
  };
  return (
    <Form form={form} layout="inline" className="fba-filters" onFinish={search}>
      <Form.Item name="market_id" label={t('fba.filters.store')}>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('fba.filters.allStores')}
          loading={stores.isLoading}
          options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.alias }))}
        />
      </Form.Item>
      <Form.Item name="shipment_id" label={t('fba.filters.shipmentId')}>
        <Input
          allowClear
          style={{ width: 190 }}
          placeholder={t('fba.filters.shipmentIdPlaceholder')}
        />
      </Form.Item>
      <Form.Item name="order_number" label={t('fba.filters.number')}>
        <Input allowClear style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="status" label={t('fba.filters.status')}>
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('fba.filters.allStatuses')}
          options={FBA_SHIPMENT_STATUSES.map((s) => ({ value: s, label: t(`fba.status.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="dates" label={t('fba.filters.dates')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('fba.filters.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('fba.filters.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
