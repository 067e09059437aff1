import { Alert, Button, Modal, Progress, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COLLECT_PATH, editPath } from '../../goods/index.ts';
import { useJob } from '../../../shared/jobs/jobs.ts';

interface JobDialogProps {
  jobId: string;
  finishedProductId: number;
  onClose: () => void;
}

/** The render job after a save, then the way to the finished product. */
export function JobDialog({ jobId, finishedProductId, onClose }: JobDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const job = useJob(jobId);
  const status = job.data?.status;
  const done = status === 'succeeded';
  const failed = status === 'failed' || job.isError;
  return (
    <Modal
      open
      title={t('design.job.title')}
      onCancel={onClose}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('design.job.close')}</Button>
          <Button onClick={() => void navigate(editPath(finishedProductId))}>
            {t('design.job.edit')}
          </Button>
          <Button type="primary" onClick={() => void navigate(COLLECT_PATH)}>
            {t('design.job.collect')}
          </Button>
        </Space>
      }
    >
      <Progress
        percent={job.data?.progress ?? 0}
        status={failed ? 'exception' : done ? 'success' : 'active'}
      />
      {done && <Alert type="success" showIcon title={t('design.job.succeeded')} />}
      {failed && (
        <Alert
          type="error"
          showIcon
          title={t('design.job.failed', {
            message: job.data?.message ?? job.error?.message ?? '',
          })}
        />
      )}
      {!done && !failed && <p>{t('design.job.running')}</p>}
    </Modal>
  );
}
