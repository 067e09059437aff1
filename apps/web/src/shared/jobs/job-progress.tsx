import { useEffect, useRef } from 'react';
import { Alert, Progress, Typography } from 'antd';
import type { JobState } from '@app/shared';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../api/client.ts';
import { isJobFinished, useJob } from './jobs.ts';

/** A job's progress bar while it runs; `onFinished` once it has succeeded or failed. */
export function JobProgress({
  jobId,
  onFinished,
  session,
}: {
  jobId: string;
  onFinished: (job: JobState) => void;
  /** Whose session follows the job: the seller's (default) or the operator's. */
  session?: Session;
}) {
  const { t } = useTranslation();
  const job = useJob(jobId, session).data;
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (job && isJobFinished(job) && reported.current !== job.id) {
      reported.current = job.id;
      onFinished(job);
    }
  }, [job, onFinished]);

  if (job?.status === 'failed') {
    return <Alert type="error" showIcon title={t('jobs.failed', { reason: job.message ?? '' })} />;
  }
  const label =
    !job || job.status === 'queued'
      ? t('jobs.queued')
      : job.total > 0
        ? t('jobs.running', { done: job.done, total: job.total })
        : t('jobs.reading');
  return (
    <div role="status" style={{ maxWidth: 640 }}>
      <Progress
        percent={job?.progress ?? 0}
        status={job?.status === 'succeeded' ? 'success' : 'active'}
      />
      <Typography.Text type="secondary">
        {job?.status === 'succeeded' ? null : label}
      </Typography.Text>
    </div>
  );
}
