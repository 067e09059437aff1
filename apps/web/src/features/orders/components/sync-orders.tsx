import { useRef, useState } from 'react';
import { Button, Modal, Progress } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { JobState, OrderSyncResult } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { followJobs, isJobFinished, jobsPercent } from '../../../shared/jobs/jobs.ts';
import { syncOrders, useOrderMarkets, useRefreshOrders } from '../api/orders.ts';

const REFRESH_WHILE_SYNCING_MS = 5000;

/**
 * "Sync orders": queues a sync of the filtered store, or of every store the user may see (or
 * what `queue` asks for, e.g. only the Shopee stores), follows each job's progress
 * (`GET /api/jobs/:id`) in a dialog and refreshes the lists once all have finished. An Amazon
 * store's first sync puts its orders on the desk at once and then fetches their items for
 * minutes (the marketplace's rate), so the lists refresh while jobs run and the dialog can be
 * closed while the jobs go on.
 */
export function SyncOrdersButton({
  primary = false,
  marketId,
  queue = () => syncOrders(marketId),
  onDone,
}: {
  primary?: boolean;
  /** Only this store (the list's store filter); every store without it. */
  marketId?: number;
  queue?: () => Promise<OrderSyncResult>;
  /** Runs after the order lists were refreshed. */
  onDone?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  const [jobs, setJobs] = useState<Array<JobState | undefined> | null>(null);
  const [storeIds, setStoreIds] = useState<number[]>([]);
  const [background, setBackground] = useState(false);
  const refreshedAt = useRef(0);
  const markets = useOrderMarkets();
  const refresh = useRefreshOrders();

  const start = async () => {
    setRunning(true);
    try {
      const { jobs: queued } = await queue();
      if (queued.length === 0) {
        feedback.info(t('orders.sync.none'));
        return;
      }
      setStoreIds(queued.map((q) => q.market_id));
      const states = await followJobs(
        queued.map((q) => q.job_id),
        (next) => {
          setJobs(next);
          if (Date.now() - refreshedAt.current > REFRESH_WHILE_SYNCING_MS) {
            refreshedAt.current = Date.now();
            void refresh();
          }
        },
      );
      await refresh();
      await onDone?.();
      const failures = states.filter((j) => j.status === 'failed');
      if (failures.length > 0) {
        feedback.warning(
          t('orders.sync.failed', {
            count: failures.length,
            message: failures.map((j) => j.message ?? '').join('; '),
          }),
          6,
        );
      } else feedback.success(t('orders.sync.done'));
    } catch (error) {
      reportError(error);
    } finally {
      setRunning(false);
      setJobs(null);
      setBackground(false);
    }
  };

  const total = jobs?.length ?? 0;
  const done = (jobs ?? []).filter(isJobFinished).length;
  const percent = jobsPercent(jobs ?? []);

  return (
    <>
      <Button
        type={primary ? 'primary' : 'default'}
        icon={<SyncOutlined spin={running} />}
        loading={running && jobs === null}
        onClick={() => void start()}
        disabled={running}
      >
        {t('orders.batch.sync')}
      </Button>
      <Modal
        open={jobs !== null && !background}
        title={t('orders.sync.title')}
        footer={<Button onClick={() => setBackground(true)}>{t('orders.sync.background')}</Button>}
        closable={false}
        mask={{ closable: false }}
      >
        <Progress percent={percent} status="active" aria-label={t('orders.sync.title')} />
        <div className="orders-muted" data-testid="sync-progress">
          {t('orders.sync.progress', { done, total })}
        </div>
        <ul className="orders-sync-stores">
          {(jobs ?? []).map((job, i) => (
            <li key={storeIds[i] ?? i}>
              <span>
                {markets.data?.find((m) => m.id === storeIds[i])?.alias ?? `#${storeIds[i]}`}
              </span>
              <span className="orders-muted">
                {t(`orders.sync.status.${job?.status ?? 'queued'}`)}
                {job?.message ? ` · ${job.message}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
