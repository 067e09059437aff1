import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ViewProps } from '../../../shared/view-props.ts';
import { OrderListView } from '../components/order-list-view.tsx';
import { orderPaths } from '../paths.ts';
import '../orders.css';

/** /newOrder/FBAorder: the desk's list on Amazon's FBA orders (AFN and Amazon fixed by the server), read-only. */
export function FbaOrderPage({ title }: ViewProps) {
  const { t } = useTranslation();
  return (
    <Card className="page-card orders-page" variant="borderless" title={title}>
      <Alert type="info" showIcon title={t('orders.fba.intro')} className="orders-gap" />
      <OrderListView
        pagePath={orderPaths.fba}
        endpoint="/order/list"
        readOnly
        hiddenFilters={['fulfillment_channel']}
      />
    </Card>
  );
}
