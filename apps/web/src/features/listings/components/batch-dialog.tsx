import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Progress, Table, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListingBatchItem, ListingBatchKind, ListingBatchStarted } from '@app/shared';
import { isJobFinished, useJob } from '../../../shared/jobs/jobs.ts';
import { invalidateListings, useBatch } from '../api/listings.ts';
import { IssueList } from './status-tag.tsx';

export interface RunningBatch {
  kind: ListingBatchKind;
  started: ListingBatchStarted;
  /** Titles of the listings it works on, as the list showed them. */
  titles: Record<number, string>;
  /** Where the batch's results are read: the marketplace's listing routes (Amazon's by default). */
  batchPath?: string;
}

interface BatchRef {
  batch_id: number;
  job_id: string;
  total: number;
}

/** One store's batch: its progress bar while the job runs, then the result of each listing. */
function BatchSection({
  batch: batchRef,
  kind,
  titles,
  batchPath,
  onFinished,
}: {
  batch: BatchRef;
  kind: ListingBatchKind;
  titles: Record<number, string>;
  batchPath?: string;
  onFinished: () => void;
}) {
  const { t } = useTranslation();
  const job = useJob(batchRef.job_id);
  const jobEnded = isJobFinished(job.data);
  const result = useBatch(batchRef.batch_id, !jobEnded, batchPath);
  // The job ends first; the batch's final counts come with the read its end triggers, and until
  // then the summary keeps counting (it said "0 succeeded, 0 failed" from the stale read).
  const finished =
    jobEnded && (result.data?.status === 'finished' || job.data?.status === 'failed');
  const items = result.data?.items ?? [];
  const done = result.data?.done ?? job.data?.done ?? 0;
  const failed = result.data?.failed ?? 0;
  const total = result.data?.total ?? batchRef.total;

  useEffect(() => {
    if (jobEnded) void result.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the job ends
  }, [jobEnded]);
  useEffect(() => {
    if (finished) onFinished();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the batch is done
  }, [finished]);

  const percent = finished ? 100 : (job.data?.progress ?? 0);
  return (
    <section className="listings-batch">
      <Progress
        percent={percent}
        status={
          job.data?.status === 'failed'
            ? 'exception'
            : finished
              ? failed > 0
                ? 'normal'
                : 'success'
              : 'active'
        }
        aria-label={t(`listings.batch.kinds.${kind}`)}
      />
      <Typography.Paragraph data-testid="batch-summary">
        {finished
          ? t('listings.batch.finished', { ok: Math.max(done - failed, 0), failed })
          : t('listings.batch.running', { done, total })}
      </Typography.Paragraph>
      {job.data?.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={t('listings.batch.jobFailed', { message: job.data.message ?? '' })}
        />
      )}
      <Table<ListingBatchItem>
        rowKey="listing_id"
        size="small"
        pagination={items.length > 10 ? { pageSize: 10, size: 'small' } : false}
        dataSource={items}
        loading={result.isLoading}
        columns={[
          {
            key: 'listing',
            title: t('listings.batch.listing'),
            render: (_, item) => titles[item.listing_id] ?? `#${item.listing_id}`,
          },
          {
            key: 'result',
            title: t('listings.batch.result'),
            render: (_, item) =>
              item.state === 'done' ? (
                <Tag color="success">{t('listings.batch.ok')}</Tag>
              ) : item.state === 'pending' ? (
                <Tag>{t('listings.batch.pending')}</Tag>
              ) : (
                <div>
                  <Tag color="error">{t('listings.batch.failed')}</Tag>
                  {item.error && <Typography.Text type="danger">{item.error}</Typography.Text>}
                  {item.issues.length > 0 && <IssueList issues={item.issues} />}
                  {item.report && item.report.findings.length > 0 && (
                    <ul className="listings-issues">
                      {item.report.findings
                        .filter((f) => f.severity === 'error')
                        .map((f, i) => (
                          <li key={i}>
                            <Typography.Text type="danger">{f.message}</Typography.Text>
                          </li>
                        ))}
                    </ul>
                  )}
                </div>
              ),
          },
        ]}
      />
    </section>
  );
}

/**
 * A batch's progress while its jobs run (one per store), then what happened to each listing:
 * one failing item never stops the others, so the tables name the ones that failed and why.
 */
export function BatchDialog({ batch, onClose }: { batch: RunningBatch; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const refs: BatchRef[] =
    batch.started.batches.length > 0
      ? batch.started.batches
      : [
          {
            batch_id: batch.started.batch_id,
            job_id: batch.started.job_id,
            total: batch.started.total,
          },
        ];
  const [finished, setFinished] = useState<ReadonlySet<number>>(new Set());
  const allFinished = refs.every((r) => finished.has(r.batch_id));
  return (
    <Modal
      open
      width={720}
      title={t(`listings.batch.kinds.${batch.kind}`)}
      onCancel={onClose}
      footer={
        <Button type={allFinished ? 'primary' : 'default'} onClick={onClose}>
          {allFinished ? t('listings.batch.close') : t('listings.batch.background')}
        </Button>
      }
    >
      {refs.map((ref) => (
        <BatchSection
          key={ref.batch_id}
          batch={ref}
          kind={batch.kind}
          titles={batch.titles}
          batchPath={batch.batchPath}
          onFinished={() => {
            // The lists change as the batch works; refresh them once it ends.
            void invalidateListings(client);
            setFinished((prev) => new Set(prev).add(ref.batch_id));
          }}
        />
      ))}
    </Modal>
  );
}
