import { useCallback, useState } from 'react';
import { Alert, Button, Descriptions, Flex, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ImportRowProblem, JobState, OrderImportResult } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { saveBlob } from '../../../shared/save-blob.ts';
import { downloadFile, reasonOf, uploadOrderImport } from '../api/order-transfer.ts';
import { problemsCsv } from '../transfer-logic.ts';
import { JobProgress } from '../../../shared/jobs/job-progress.tsx';
import { SheetDrop } from '../../../shared/jobs/sheet-drop.tsx';

/** Template download, drag-and-drop upload, the job's progress and the result with its bad rows. */
export function ImportOrdersPanel() {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<string | null>(null);
  const [result, setResult] = useState<OrderImportResult | null>(null);

  const send = (file: File, onProgress: (percent: number) => void) => {
    setResult(null);
    setJobId(null);
    return uploadOrderImport(file, { onProgress }).then(
      (started) => setJobId(started.job_id),
      (error: unknown) => {
        feedback.error(t('orderTransfer.import.uploadFailed', { reason: reasonOf(error) }));
      },
    );
  };

  const onFinished = useCallback(
    (job: JobState) => {
      if (job.status !== 'succeeded') return;
      const answer = job.result as OrderImportResult;
      setResult(answer);
      const text = t('orderTransfer.import.done', { count: answer.imported_orders });
      if (answer.error_count > 0) feedback.warning(text);
      else feedback.success(text);
    },
    [t],
  );

  const template = () => {
    const lang = currentLanguage();
    downloadFile(
      `/api/cw-order/import-template?lang=${lang}`,
      lang === 'zh-CN' ? '订单导入模板.xlsx' : 'order-import-template.xlsx',
    ).catch((error: unknown) => reportError(error));
  };

  const downloadErrors = () => {
    if (!result) return;
    const csv = problemsCsv(result.errors, [
      t('orderTransfer.import.errorRow'),
      t('orderTransfer.import.errorNumber'),
      t('orderTransfer.import.errorReason'),
    ]);
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), 'import-errors.csv');
  };

  const busy = jobId !== null && result === null;

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('orderTransfer.import.intro')}
      </Typography.Paragraph>
      <div>
        <Button icon={<DownloadOutlined />} onClick={template}>
          {t('orderTransfer.import.template')}
        </Button>
      </div>
      <SheetDrop
        title={t('orderTransfer.import.dragTitle')}
        hint={t('orderTransfer.import.dragHint')}
        disabled={busy}
        send={send}
      />
      {jobId && <JobProgress jobId={jobId} onFinished={onFinished} />}
      {result && <ImportResult result={result} onDownloadErrors={downloadErrors} />}
    </Flex>
  );
}

function ImportResult({
  result,
  onDownloadErrors,
}: {
  result: OrderImportResult;
  onDownloadErrors: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12} data-testid="import-result">
      <Descriptions
        size="small"
        bordered
        title={t('orderTransfer.import.summary')}
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'rows', label: t('orderTransfer.import.rows'), children: result.rows },
          {
            key: 'imported',
            label: t('orderTransfer.import.imported'),
            children: result.imported_orders,
          },
          {
            key: 'importedRows',
            label: t('orderTransfer.import.importedRows'),
            children: result.imported_rows,
          },
          {
            key: 'duplicates',
            label: t('orderTransfer.import.duplicates'),
            children: result.duplicate_orders,
          },
          {
            key: 'rejected',
            label: t('orderTransfer.import.rejected'),
            children: result.rejected_orders,
          },
          { key: 'errors', label: t('orderTransfer.import.errors'), children: result.error_count },
        ]}
      />
      {result.error_count === 0 ? (
        <Alert type="success" showIcon title={t('orderTransfer.import.noErrors')} />
      ) : (
        <>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text strong>{t('orderTransfer.import.errors')}</Typography.Text>
            <Button icon={<DownloadOutlined />} onClick={onDownloadErrors}>
              {t('orderTransfer.import.downloadErrors')}
            </Button>
          </Flex>
          {result.error_count > result.errors.length && (
            <Typography.Text type="secondary">
              {t('orderTransfer.import.errorsCapped', {
                shown: result.errors.length,
                total: result.error_count,
              })}
            </Typography.Text>
          )}
          <Table<ImportRowProblem>
            size="small"
            rowKey={(p) => `${p.row}-${p.reason}`}
            dataSource={result.errors}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              { title: t('orderTransfer.import.errorRow'), dataIndex: 'row', width: 90 },
              {
                title: t('orderTransfer.import.errorNumber'),
                dataIndex: 'order_number',
                width: 220,
              },
              { title: t('orderTransfer.import.errorReason'), dataIndex: 'reason' },
            ]}
          />
        </>
      )}
    </Flex>
  );
}
