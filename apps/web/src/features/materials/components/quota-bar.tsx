import { useState } from 'react';
import { Button, Form, InputNumber, Modal, Progress, Space, Typography } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { STORAGE_DILATATION_MAX_STEPS, STORAGE_QUOTA_STEP_BYTES } from '@app/shared';
import { feedback } from '../../../shared/feedback.ts';
import { reasonOf, useDilatation, useStorageSpace } from '../api/materials.ts';
import { formatBytes } from '../../../shared/format-bytes.ts';

/** Used / limit of the seller's storage with the "expand" (dilatation) action. */
export function QuotaBar({ canExpand }: { canExpand: boolean }) {
  const { t } = useTranslation();
  const space = useStorageSpace();
  const dilatation = useDilatation();
  const [open, setOpen] = useState(false);
  const [steps, setSteps] = useState(1);
  const data = space.data;
  const percent = data ? Math.min(100, (data.usedBytes / data.quotaBytes) * 100) : 0;

  const expand = async () => {
    try {
      const next = await dilatation.mutateAsync({ steps });
      feedback.success(t('materials.quota.done', { total: formatBytes(next.quotaBytes) }));
      setOpen(false);
    } catch (error) {
      feedback.error(reasonOf(error));
    }
  };

  return (
    <div className="materials-quota" aria-live="polite">
      <Typography.Text strong>{t('materials.quota.label')}</Typography.Text>
      <Progress
        className="materials-quota-bar"
        percent={Number(percent.toFixed(1))}
        status={percent >= 90 ? 'exception' : 'normal'}
        showInfo={false}
        size="small"
        aria-label={t('materials.quota.label')}
      />
      <Typography.Text type="secondary" className="materials-quota-text">
        {data
          ? t('materials.quota.usage', {
              used: formatBytes(data.usedBytes),
              total: formatBytes(data.quotaBytes),
            })
          : '…'}
      </Typography.Text>
      {canExpand && (
        <Button size="small" icon={<CloudUploadOutlined />} onClick={() => setOpen(true)}>
          {t('materials.quota.expand')}
        </Button>
      )}
      <Modal
        open={open}
        title={t('materials.quota.title')}
        okText={t('materials.quota.confirm')}
        cancelText={t('materials.cancel')}
        confirmLoading={dilatation.isPending}
        onOk={() => void expand()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('materials.quota.steps')} htmlFor="materials-dilatation-steps">
            <Space>
              <InputNumber
                id="materials-dilatation-steps"
                min={1}
                max={STORAGE_DILATATION_MAX_STEPS}
                precision={0}
                value={steps}
                onChange={(v) => setSteps(v ?? 1)}
                autoFocus
              />
              <Typography.Text type="secondary">
                → {data ? formatBytes(data.quotaBytes + steps * STORAGE_QUOTA_STEP_BYTES) : ''}
              </Typography.Text>
            </Space>
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('materials.quota.note')}</Typography.Paragraph>
        </Form>
      </Modal>
    </div>
  );
}
