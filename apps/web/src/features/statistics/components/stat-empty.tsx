import { Button, Empty, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { statisticsPaths } from '../paths.ts';

/**
 * What a page shows without figures: a new seller is sent to authorize a store first; a seller
 * with stores but no orders in the range, to sync or import orders (or to widen the range).
 */
export function StatEmpty({ hasStores }: { hasStores: boolean }) {
  const { t } = useTranslation();
  if (!hasStores) {
    return (
      <Empty className="stat-empty" description={t('statistics.empty.noStores')}>
        <Link to={statisticsPaths.markets}>
          <Button type="primary">{t('statistics.empty.authorize')}</Button>
        </Link>
      </Empty>
    );
  }
  return (
    <Empty className="stat-empty" description={t('statistics.empty.noOrders')}>
      <Space>
        <Link to={statisticsPaths.orderDesk}>
          <Button type="primary">{t('statistics.empty.sync')}</Button>
        </Link>
        <Link to={statisticsPaths.orderImport}>
          <Button>{t('statistics.empty.import')}</Button>
        </Link>
      </Space>
    </Empty>
  );
}
