import { useEffect, useRef } from 'react';
import { Alert, Progress, Typography } from 'antd';
import type { JobState } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { isJobFinished, useJob } from '../../../shared/jobs/jobs.ts';

/** A job's progress bar while it runs; `onFinished` once it has succeeded or failed. */
export function JobProgress({
  jobId,
  onFinished,
}: {
  jobId: string;
  onFinished: (job: JobState) => void;
}) {
  const { t } = useTranslation();
  const job = useJob(jobId).data;
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (job && isJobFinished(job) && reported.current !== job.id) {
      reported.current = job.id;
      onFinished(job);
    }
  }, [job, onFinished]);

  if (job?.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        title={t('orderTransfer.job.failed', { reason: job.message ?? '' })}
      />
    );
  }
  const label =
    !job || job.status === 'queued'
      ? t('orderTransfer.job.queued')
      : job.total > 0
        ? t('orderTransfer.job.running', { done: job.done, total: job.total })
        : t('orderTransfer.job.reading');
  return (
    <div className="order-transfer-progress" role="status">
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
