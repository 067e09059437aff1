import { useMemo } from 'react';
import { Button, Empty, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ViewProps } from '../../../shared/view-props.ts';
import { usePurchaseSpend } from '../api/statistics.ts';
import { FiguresTable } from '../components/figures-table.tsx';
import { seriesOption, StatChart } from '../components/stat-chart.tsx';
import { StatPage, useStatQuery } from '../components/stat-page.tsx';
import { yuanNumber } from '../format.ts';
import { statisticsPaths } from '../paths.ts';

/** /my/orderData: what the seller paid the platform for purchase orders, per period. */
export function OrderDataPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [query, update] = useStatQuery();
  const result = usePurchaseSpend(query);
  const rows = useMemo(() => result.data?.rows ?? [], [result.data]);
  const option = useMemo(
    () =>
      seriesOption(
        rows.map((r) => r.period),
        [
          ...(['amount', 'refunded', 'net'] as const).map((m) => ({
            name: t(`statistics.measures.${m}`),
            type: 'bar' as const,
            data: rows.map((r) => yuanNumber(r[m])),
          })),
          {
            name: t('statistics.measures.count'),
            type: 'line' as const,
            yAxisIndex: 1,
            data: rows.map((r) => r.count),
          },
        ],
        { twoAxes: true },
      ),
    [rows, t],
  );
  const none = result.data?.totals.count === 0;
  return (
    <StatPage
      title={title}
      view="cw-order"
      query={query}
      onChange={update}
      state={result}
      empty={false}
    >
      {none ? (
        <Empty className="stat-empty" description={t('statistics.empty.noPurchases')}>
          <Link to={statisticsPaths.orderDesk}>
            <Button type="primary">{t('statistics.empty.buy')}</Button>
          </Link>
        </Empty>
      ) : (
        <>
          <section className="stat-section">
            <Typography.Title level={5}>{t('statistics.charts.purchases')}</Typography.Title>
            <StatChart option={option} label={t('statistics.charts.purchases')} />
          </section>
          <FiguresTable
            rows={rows}
            rowKey={(r) => r.period}
            loading={result.isFetching}
            first={[{ title: t('statistics.columns.period'), render: (r) => r.period }]}
            measures={['count', 'amount', 'refunded', 'net']}
          />
        </>
      )}
    </StatPage>
  );
}
