import { Card, Empty, List, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '@app/shared';
import { useNotifications } from '../api.ts';

const LATEST = 5;

/** The home page's card of the newest notifications, each linking to what it is about. */
export function LatestNotifications({ title, empty }: { title: string; empty: string }) {
  const { t } = useTranslation();
  const list = useNotifications({ size: LATEST }, true);
  const rows = list.data?.list ?? [];
  return (
    <Card title={title} className="home-notifications" loading={list.isPending}>
      {list.isError ? (
        <Typography.Text type="danger">{t('notifications.loadFailed')}</Typography.Text>
      ) : rows.length === 0 ? (
        <Empty description={empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          size="small"
          dataSource={rows}
          renderItem={(n) => (
            <List.Item>
              <Link to={n.link}>
                {n.read ? n.message : <Typography.Text strong>{n.message}</Typography.Text>}
              </Link>
              <Typography.Text type="secondary">{formatTimestamp(n.created_at)}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
