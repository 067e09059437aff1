import type { ReactNode } from 'react';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Table, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { yuan } from '../format.ts';

export type Measure =
  | 'orders'
  | 'units'
  | 'sales'
  | 'refunds'
  | 'cost'
  | 'fees'
  | 'profit'
  | 'count'
  | 'amount'
  | 'refunded'
  | 'net';

const MONEY = new Set<Measure>([
  'sales',
  'refunds',
  'cost',
  'fees',
  'profit',
  'amount',
  'refunded',
  'net',
]);

/**
 * The fees heading says which marketplaces report fees, so a seller of Shopify or Temu stores
 * does not read their 0 as "no fees". Focusable, so the hint is there without a mouse too.
 */
function FeesTitle() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('statistics.feesHint')} trigger={['hover', 'focus']}>
      <span className="stat-fees-title" tabIndex={0} data-testid="stat-fees-title">
        {t('statistics.measures.fees')} <QuestionCircleOutlined aria-hidden />
      </span>
    </Tooltip>
  );
}

/**
 * The table under a chart: the rows the chart draws, named by `first` (a period, store or SKU),
 * money in yuan. It shows what the xlsx export writes.
 */
export function FiguresTable<R extends { [K in Measure]?: number }>({
  rows,
  rowKey,
  first,
  measures,
  loading,
}: {
  rows: R[];
  rowKey: (row: R) => string | number;
  first: Array<{ title: string; render: (row: R) => ReactNode }>;
  measures: Measure[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table<R>
      className="stat-table"
      size="small"
      rowKey={rowKey}
      loading={loading}
      dataSource={rows}
      pagination={rows.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      columns={[
        ...first.map((c, i) => ({
          key: `first-${i}`,
          title: c.title,
          render: (_: unknown, r: R) => c.render(r),
        })),
        ...measures.map((m) => ({
          key: m,
          title: m === 'fees' ? <FeesTitle /> : t(`statistics.measures.${m}`),
          align: 'right' as const,
          render: (_: unknown, r: R) => (MONEY.has(m) ? yuan(r[m] ?? 0) : (r[m] ?? 0)),
        })),
      ]}
    />
  );
}
