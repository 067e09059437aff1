import { useMemo } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useOrderSeries, useSaleSeries } from '../api/statistics.ts';
import { FiguresTable } from '../components/figures-table.tsx';
import { seriesOption, StatChart } from '../components/stat-chart.tsx';
import { StatPage, useStatQuery } from '../components/stat-page.tsx';
import { yuanNumber } from '../format.ts';

/** /my/statisticsorders: orders and units per day, week or month. */
export function StatisticsOrdersPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [query, update] = useStatQuery();
  const result = useOrderSeries(query);
  const rows = useMemo(() => result.data?.rows ?? [], [result.data]);
  const option = useMemo(
    () =>
      seriesOption(
        rows.map((r) => r.period),
        [
          { name: t('statistics.measures.orders'), data: rows.map((r) => r.orders) },
          { name: t('statistics.measures.units'), data: rows.map((r) => r.units) },
        ],
      ),
    [rows, t],
  );
  return (
    <StatPage
      title={title}
      view="order"
      query={query}
      onChange={update}
      state={result}
      empty={result.data?.totals.orders === 0}
    >
      <section className="stat-section">
        <Typography.Title level={5}>{t('statistics.charts.orders')}</Typography.Title>
        <StatChart option={option} label={t('statistics.charts.orders')} />
      </section>
      <FiguresTable
        rows={rows}
        rowKey={(r) => r.period}
        loading={result.isFetching}
        first={[{ title: t('statistics.columns.period'), render: (r) => r.period }]}
        measures={['orders', 'units', 'sales']}
      />
    </StatPage>
  );
}

/** /my/salesstatistics: sales, refunds, cost, fees and profit per day, week or month. */
export function SalesStatisticsPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [query, update] = useStatQuery();
  const result = useSaleSeries(query);
  const rows = useMemo(() => result.data?.rows ?? [], [result.data]);
  const option = useMemo(
    () =>
      seriesOption(
        rows.map((r) => r.period),
        (['sales', 'refunds', 'cost', 'fees', 'profit'] as const).map((m) => ({
          name: t(`statistics.measures.${m}`),
          data: rows.map((r) => yuanNumber(r[m])),
        })),
      ),
    [rows, t],
  );
  const totals = result.data?.totals;
  return (
    <StatPage
      title={title}
      view="sale"
      query={query}
      onChange={update}
      state={result}
      empty={!!totals && totals.orders === 0 && totals.cost === 0}
    >
      <section className="stat-section">
        <Typography.Title level={5}>{t('statistics.charts.sales')}</Typography.Title>
        <StatChart option={option} label={t('statistics.charts.sales')} />
      </section>
      <FiguresTable
        rows={rows}
        rowKey={(r) => r.period}
        loading={result.isFetching}
        first={[{ title: t('statistics.columns.period'), render: (r) => r.period }]}
        measures={['sales', 'refunds', 'cost', 'fees', 'profit']}
      />
    </StatPage>
  );
}
