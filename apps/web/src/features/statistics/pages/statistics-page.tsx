import { useMemo } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatFigures } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useOverview } from '../api/statistics.ts';
import { FiguresTable } from '../components/figures-table.tsx';
import { seriesOption, StatChart } from '../components/stat-chart.tsx';
import { StatPage, useStatQuery } from '../components/stat-page.tsx';
import { change, yuan, yuanNumber } from '../format.ts';

type Kpi = 'orders' | 'sales' | 'profit';

/** Today's figure against yesterday's and the same weekday last week's. */
type Day = 'today' | 'yesterday' | 'same_day_last_week';

function KpiCard({ kpi, figures }: { kpi: Kpi; figures: Record<Day, StatFigures> }) {
  const { t } = useTranslation();
  const show = (f: StatFigures) => (kpi === 'orders' ? String(f.orders) : yuan(f[kpi]));
  const compare = (label: string, before: StatFigures) => {
    const pct = change(figures.today[kpi], before[kpi]);
    const tone = pct === null ? '' : pct >= 0 ? 'stat-kpi__up' : 'stat-kpi__down';
    return (
      <div className="stat-kpi__compare">
        {label}: {show(before)}{' '}
        <span className={tone}>{pct === null ? '' : `${pct >= 0 ? '+' : ''}${pct}%`}</span>
      </div>
    );
  };
  return (
    <Card size="small" title={t(`statistics.kpi.${kpi}`)}>
      <div className="stat-kpi__value">{show(figures.today)}</div>
      {compare(t('statistics.days.yesterday'), figures.yesterday)}
      {compare(t('statistics.days.same_day_last_week'), figures.same_day_last_week)}
    </Card>
  );
}

/** /my/statistics: today against yesterday and a week ago, and the range's totals. */
export function StatisticsPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [query, update] = useStatQuery();
  const overview = useOverview(query);
  const data = overview.data;
  const rows = useMemo(
    () =>
      data
        ? [
            { key: 'today' as const, ...data.today },
            { key: 'yesterday' as const, ...data.yesterday },
            { key: 'same_day_last_week' as const, ...data.same_day_last_week },
            { key: 'totals' as const, ...data.totals },
          ]
        : [],
    [data],
  );
  const option = useMemo(() => {
    const days = rows.filter((r): r is (typeof rows)[number] & { key: Day } => r.key !== 'totals');
    return seriesOption(
      days.map((r) => t(`statistics.days.${r.key}`)),
      [
        {
          name: t('statistics.measures.sales'),
          type: 'bar',
          data: days.map((r) => yuanNumber(r.sales)),
        },
        {
          name: t('statistics.measures.profit'),
          type: 'bar',
          data: days.map((r) => yuanNumber(r.profit)),
        },
        {
          name: t('statistics.measures.orders'),
          type: 'line',
          yAxisIndex: 1,
          data: days.map((r) => r.orders),
        },
      ],
      { twoAxes: true },
    );
  }, [rows, t]);
  const empty =
    !!data && data.totals.orders === 0 && data.today.orders === 0 && data.totals.cost === 0;

  return (
    <StatPage
      title={title}
      view="index"
      query={query}
      onChange={update}
      state={overview}
      empty={empty}
      grouping={false}
    >
      {data && (
        <>
          <div className="stat-kpis">
            {(['orders', 'sales', 'profit'] as const).map((kpi) => (
              <KpiCard key={kpi} kpi={kpi} figures={data} />
            ))}
          </div>
          <section className="stat-section">
            <Typography.Title level={5}>{t('statistics.charts.days')}</Typography.Title>
            <StatChart option={option} label={t('statistics.charts.days')} />
          </section>
          <FiguresTable
            rows={rows}
            rowKey={(r) => r.key}
            loading={overview.isFetching}
            first={[
              {
                title: t('statistics.columns.period'),
                render: (r) =>
                  r.key === 'totals'
                    ? t('statistics.days.totals', { start: data.start_date, end: data.end_date })
                    : t(`statistics.days.${r.key}`),
              },
            ]}
            measures={['orders', 'units', 'sales', 'refunds', 'cost', 'fees', 'profit']}
          />
        </>
      )}
    </StatPage>
  );
}
