import { Empty, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, type OrderLog } from '@app/shared';

/** The order's history, newest first as the server sends it. */
export function LogTimeline({ logs }: { logs: OrderLog[] }) {
  const { t } = useTranslation();
  if (logs.length === 0) return <Empty description={t('orders.drawer.noLog')} />;
  return (
    <Timeline
      className="orders-log"
      items={logs.map((log) => ({
        key: log.id,
        title: formatTimestamp(log.at),
        content: (
          <div>
            {/* The server writes the line in the reader's language. */}
            <strong>{log.text}</strong> · {log.user_name ?? t('orders.drawer.system')}
          </div>
        ),
      }))}
    />
  );
}
