import { useState } from 'react';
import { Alert, Flex, Table, Tag, Typography } from 'antd';
import type { RemarkImportResult } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../shared/feedback.ts';
import { SheetDrop } from '../../../shared/jobs/sheet-drop.tsx';
import { reasonOf, uploadRemarkImport } from '../api/order-transfer.ts';

type RemarkRow = RemarkImportResult['results'][number];

/** A file of order numbers and memos; one result per row. */
export function ImportMemosPanel() {
  const { t } = useTranslation();
  const [result, setResult] = useState<RemarkImportResult | null>(null);

  const send = (file: File, onProgress: (percent: number) => void) => {
    setResult(null);
    return uploadRemarkImport(file, { onProgress }).then(
      (answer) => {
        setResult(answer);
        feedback.success(
          t('orderTransfer.memos.result', { updated: answer.updated, failed: answer.failed }),
        );
      },
      (error: unknown) => {
        feedback.error(t('orderTransfer.import.uploadFailed', { reason: reasonOf(error) }));
      },
    );
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('orderTransfer.memos.intro')}
      </Typography.Paragraph>
      <SheetDrop
        title={t('orderTransfer.memos.dragTitle')}
        hint={t('orderTransfer.memos.dragHint')}
        send={send}
      />
      {result && (
        <>
          <Alert
            type={result.failed === 0 ? 'success' : 'warning'}
            showIcon
            title={t('orderTransfer.memos.result', {
              updated: result.updated,
              failed: result.failed,
            })}
          />
          <Table<RemarkRow>
            size="small"
            rowKey="row"
            dataSource={result.results}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              { title: t('orderTransfer.import.errorRow'), dataIndex: 'row', width: 90 },
              {
                title: t('orderTransfer.import.errorNumber'),
                dataIndex: 'order_number',
                width: 220,
              },
              {
                title: t('orderTransfer.memos.status'),
                dataIndex: 'ok',
                width: 100,
                filters: [
                  { text: t('orderTransfer.memos.ok'), value: true },
                  { text: t('orderTransfer.memos.failed'), value: false },
                ],
                onFilter: (value, row) => row.ok === value,
                render: (ok: boolean) =>
                  ok ? (
                    <Tag color="success">{t('orderTransfer.memos.ok')}</Tag>
                  ) : (
                    <Tag color="error">{t('orderTransfer.memos.failed')}</Tag>
                  ),
              },
              { title: t('orderTransfer.import.errorReason'), dataIndex: 'reason' },
            ]}
          />
        </>
      )}
    </Flex>
  );
}
