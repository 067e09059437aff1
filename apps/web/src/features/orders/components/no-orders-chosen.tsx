import { Button, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { orderPaths } from '../paths.ts';

/** A batch page opened without `?ids=`: says so and leads back to the desk to choose orders. */
export function NoOrdersChosen({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card className="page-card orders-page" variant="borderless" title={title}>
      <Empty description={description}>
        <Button onClick={() => void navigate(orderPaths.desk)}>{t('orders.logistics.back')}</Button>
      </Empty>
    </Card>
  );
}
