import { useMemo } from 'react';
import { Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RANK_ORDERS } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useRankList } from '../api/statistics.ts';
import { FiguresTable } from '../components/figures-table.tsx';
import { seriesOption, StatChart } from '../components/stat-chart.tsx';
import { StatPage, useStatQuery } from '../components/stat-page.tsx';
import { yuanNumber } from '../format.ts';

/** /my/productStatistics: the top SKUs, ranked by the sort dictionary (order, sort). */
export function ProductStatisticsPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [query, update] = useStatQuery();
  const result = useRankList(query);
  const rows = useMemo(() => result.data?.rows ?? [], [result.data]);
  const option = useMemo(
    () =>
      seriesOption(
        rows.map((r) => r.sku),
        [
          {
            name: t(`statistics.measures.${query.order}`),
            type: 'bar',
            data: rows.map((r) => (query.order === 'sales' ? yuanNumber(r.sales) : r[query.order])),
          },
        ],
        { horizontal: true },
      ),
    [rows, query.order, t],
  );
  return (
    <StatPage
      title={title}
      view="rank"
      query={query}
      onChange={update}
      state={result}
      empty={rows.length === 0}
      grouping={false}
      extra={
        <Space className="stat-sort" wrap>
          <span>{t('statistics.rank.order')}</span>
          <Segmented
            value={query.order}
            onChange={(order) => update({ order })}
            options={RANK_ORDERS.map((o) => ({ value: o, label: t(`statistics.measures.${o}`) }))}
          />
          <Segmented
            value={query.sort}
            onChange={(sort) => update({ sort })}
            options={(['desc', 'asc'] as const).map((s) => ({
              value: s,
              label: t(`statistics.rank.${s}`),
            }))}
          />
        </Space>
      }
    >
      <section className="stat-section">
        <Typography.Title level={5}>
          {t('statistics.charts.top', { n: rows.length })}
        </Typography.Title>
        <StatChart
          option={option}
          label={t('statistics.charts.top', { n: rows.length })}
          height={Math.max(200, 48 + rows.length * 28)}
        />
      </section>
      <FiguresTable
        rows={rows}
        rowKey={(r) => r.sku}
        loading={result.isFetching}
        first={[
          { title: t('statistics.columns.rank'), render: (r) => r.rank },
          { title: t('statistics.columns.sku'), render: (r) => r.sku },
        ]}
        measures={['orders', 'units', 'sales']}
      />
    </StatPage>
  );
}
