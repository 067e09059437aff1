import { Empty, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, type OrderLog } from '@app/shared';

/**
 * Entries without a user the store's auto-buy wrote (a purchase without a user is only ever
 * its own); every other one is the marketplace sync's.
 */
const AUTOMATION_ACTIONS = new Set([
  'purchase',
  'auto_buy_paid',
  'auto_buy_skipped',
  'awaiting_funds',
]);

const actorOf = (log: OrderLog) =>
  AUTOMATION_ACTIONS.has(log.action) ? 'orders.drawer.automation' : 'orders.drawer.system';

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
            <strong>{log.text}</strong> · {log.user_name ?? t(actorOf(log))}
          </div>
        ),
      }))}
    />
  );
}
