import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DESK_STATUS } from '@app/shared';
import { useDashboard } from '../api/statistics.ts';
import { yuan } from '../format.ts';
import { statisticsPaths } from '../paths.ts';
import '../home.css';

/** The tiles of a user who may see every figure. */
const TILES_MOST = 6;

/** One number of the dashboard, linking to the filtered list behind it. */
function Tile({
  title,
  value,
  hint,
  to,
}: {
  title: string;
  value: ReactNode;
  hint: string;
  to: string;
}) {
  return (
    <Col xs={12} md={8} xl={4}>
      <Link to={to} className="home-tile">
        <Statistic title={title} value={value as string} />
        <span className="home-tile__hint">{hint}</span>
      </Link>
    </Col>
  );
}

/**
 * The home page's "today" card (/api/index): today's orders and sales, orders and purchase
 * orders waiting, failed listings; a figure the user may not see is left out. `balanceMinor`
 * (from the balance card, when the user may see it) warns below the low-balance threshold.
 */
export function TodayPanel({ balanceMinor }: { balanceMinor: number | null }) {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const d = dashboard.data;
  if (dashboard.isPending) {
    // The card's own shape while it loads, so the page below it does not jump when it arrives.
    return (
      <Card title={t('statistics.home.title')} className="home-today">
        <Row gutter={[16, 16]}>
          {Array.from({ length: TILES_MOST }, (_, i) => (
            <Col key={i} xs={12} md={8} xl={4}>
              <div className="home-tile">
                <Skeleton active title={false} paragraph={{ rows: 3 }} />
              </div>
            </Col>
          ))}
        </Row>
      </Card>
    );
  }
  if (dashboard.isError || !d) {
    return <Alert type="warning" showIcon title={t('statistics.home.loadFailed')} />;
  }
  const today = `range=today`;
  const tiles: ReactNode[] = [];
  if (d.orders_today !== null) {
    tiles.push(
      <Tile
        key="orders"
        title={t('statistics.home.ordersToday')}
        value={d.orders_today}
        hint={t('statistics.home.yesterday', { value: d.orders_yesterday })}
        to={`${statisticsPaths.orders}?${today}`}
      />,
      <Tile
        key="sales"
        title={t('statistics.home.salesToday')}
        value={yuan(d.sales_today ?? 0)}
        hint={t('statistics.home.yesterday', { value: yuan(d.sales_yesterday ?? 0) })}
        to={`${statisticsPaths.sales}?${today}`}
      />,
    );
  }
  if (d.orders_new !== null) {
    tiles.push(
      <Tile
        key="new"
        title={t('statistics.home.waiting')}
        value={d.orders_new}
        hint={t('statistics.home.waitingHint')}
        to={`${statisticsPaths.orderDesk}?status=${DESK_STATUS.new}`}
      />,
      <Tile
        key="processing"
        title={t('statistics.home.toShip')}
        value={d.orders_processing ?? 0}
        hint={t('statistics.home.toShipHint')}
        to={`${statisticsPaths.orderDesk}?status=${DESK_STATUS.processing}`}
      />,
    );
  }
  if (d.purchases_in_production !== null) {
    tiles.push(
      <Tile
        key="production"
        title={t('statistics.home.production')}
        value={d.purchases_in_production}
        hint={t('statistics.home.productionHint')}
        to={`${statisticsPaths.accountPay}?status=in_production`}
      />,
    );
  }
  if (d.listings_failed !== null) {
    tiles.push(
      <Tile
        key="listings"
        title={t('statistics.home.failedListings')}
        value={d.listings_failed}
        hint={t('statistics.home.failedListingsHint')}
        to={`${statisticsPaths.listings}?status=failed`}
      />,
    );
  }
  const low = balanceMinor !== null && balanceMinor < d.low_balance_minor;
  return (
    <Card title={t('statistics.home.title')} className="home-today">
      {low && (
        <Alert
          className="home-today__alert"
          type="warning"
          showIcon
          title={t('statistics.home.lowBalance', { threshold: yuan(d.low_balance_minor).slice(1) })}
          action={
            <Link to="/my/recharge">
              <Button size="small">{t('statistics.home.recharge')}</Button>
            </Link>
          }
        />
      )}
      {!d.has_stores && (
        <Alert
          className="home-today__alert"
          type="info"
          showIcon
          title={t('statistics.home.noStores')}
          action={
            <Link to={statisticsPaths.markets}>
              <Button size="small" type="primary">
                {t('statistics.home.authorize')}
              </Button>
            </Link>
          }
        />
      )}
      <Row gutter={[16, 16]}>{tiles}</Row>
    </Card>
  );
}
