import { useMemo } from 'react';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MARKETPLACE_NAMES } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useMarkets } from '../api/statistics.ts';
import { FiguresTable } from '../components/figures-table.tsx';
import { seriesOption, StatChart } from '../components/stat-chart.tsx';
import { StatPage, useStatQuery } from '../components/stat-page.tsx';
import { yuanNumber } from '../format.ts';

const MEASURES = ['orders', 'units', 'sales', 'refunds', 'cost', 'fees', 'profit'] as const;

/** Sales and profit bars, one row per store or marketplace. */
function bars(t: TFunction, names: string[], rows: Array<{ sales: number; profit: number }>) {
  return seriesOption(
    names,
    [
      {
        name: t('statistics.measures.sales'),
        type: 'bar',
        data: rows.map((r) => yuanNumber(r.sales)),
      },
      {
        name: t('statistics.measures.profit'),
        type: 'bar',
        data: rows.map((r) => yuanNumber(r.profit)),
      },
    ],
    { horizontal: true },
  );
}

/** /my/storestatistics: the range's figures per store and per marketplace. */
export function StoreStatisticsPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [query, update] = useStatQuery();
  const result = useMarkets(query);
  const stores = useMemo(() => result.data?.stores ?? [], [result.data]);
  const marketplaces = useMemo(() => result.data?.marketplaces ?? [], [result.data]);
  const storeOption = useMemo(
    () =>
      bars(
        t,
        stores.map((s) => s.alias),
        stores,
      ),
    [stores, t],
  );
  const marketOption = useMemo(
    () =>
      bars(
        t,
        marketplaces.map((m) => MARKETPLACE_NAMES[m.marketplace]),
        marketplaces,
      ),
    [marketplaces, t],
  );
  const height = (n: number) => Math.max(160, 48 + n * 40);
  return (
    <StatPage
      title={title}
      view="market"
      query={query}
      onChange={update}
      state={result}
      empty={stores.every((s) => s.orders === 0 && s.cost === 0)}
      grouping={false}
    >
      <section className="stat-section">
        <Typography.Title level={5}>{t('statistics.charts.byStore')}</Typography.Title>
        <StatChart
          option={storeOption}
          label={t('statistics.charts.byStore')}
          height={height(stores.length)}
        />
        <FiguresTable
          rows={stores}
          rowKey={(r) => r.store_id}
          loading={result.isFetching}
          first={[
            { title: t('statistics.columns.store'), render: (r) => r.alias },
            {
              title: t('statistics.columns.marketplace'),
              render: (r) => MARKETPLACE_NAMES[r.marketplace],
            },
          ]}
          measures={[...MEASURES]}
        />
      </section>
      <section className="stat-section">
        <Typography.Title level={5}>{t('statistics.charts.byMarketplace')}</Typography.Title>
        <StatChart
          option={marketOption}
          label={t('statistics.charts.byMarketplace')}
          height={height(marketplaces.length)}
        />
        <FiguresTable
          rows={marketplaces}
          rowKey={(r) => r.marketplace}
          loading={result.isFetching}
          first={[
            {
              title: t('statistics.columns.marketplace'),
              render: (r) => MARKETPLACE_NAMES[r.marketplace],
            },
          ]}
          measures={[...MEASURES]}
        />
      </section>
    </StatPage>
  );
}
