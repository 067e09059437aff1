import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Form, Input, Modal, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  UPC_IMPORT_ROWS_SHOWN,
  UPC_ROW_RESULTS,
  type UpcImportResult,
  type UpcImportRow,
  type UpcRowResult,
} from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { SheetDrop } from '../../../shared/jobs/sheet-drop.tsx';
import { importPastedCodes, uploadCodeFile, useUpcMutation } from '../api/upc.ts';
import { splitPasted } from '../upc-logic.ts';

const ACCEPT =
  '.csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const RESULT_COLOR: Record<UpcRowResult, string> = {
  imported: 'success',
  duplicate: 'default',
  bad_check_digit: 'error',
  wrong_length: 'error',
  not_digits: 'error',
};

/** Upload a csv / xlsx file or paste codes; then the per-row result. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<UpcImportResult | null>(null);
  const [form] = Form.useForm<{ codes: string }>();
  const pasted = Form.useWatch('codes', form) ?? '';
  const upload = useUpcMutation(
    ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadCodeFile(file, onProgress),
  );
  const paste = useUpcMutation(importPastedCodes);

  const finished = (answer: UpcImportResult) => {
    setResult(answer);
    feedback.success(t('upc.importDialog.done', { count: answer.counts.imported }));
  };

  const send = (file: File, onProgress: (percent: number) => void) =>
    upload.mutateAsync({ file, onProgress }).then(finished, (error: unknown) => {
      const reason = isApiError(error) ? (error.fields?.file ?? error.message) : String(error);
      feedback.error(t('upc.importDialog.failed', { reason }));
    });

  const submitPaste = ({ codes }: { codes: string }) =>
    paste.mutate(
      { codes: splitPasted(codes) },
      { onSuccess: finished, onError: (error) => reportError(error, form) },
    );

  const busy = upload.isPending || paste.isPending;

  return (
    <Modal
      open
      width={760}
      title={t('upc.importDialog.title')}
      onCancel={onClose}
      footer={
        result ? (
          <Flex justify="end" gap={8}>
            <Button onClick={() => setResult(null)}>{t('upc.importDialog.again')}</Button>
            <Button type="primary" onClick={onClose}>
              {t('upc.close')}
            </Button>
          </Flex>
        ) : null
      }
      maskClosable={!busy}
      destroyOnHidden
    >
      {result ? (
        <ImportResultView result={result} />
      ) : (
        <Tabs
          items={[
            {
              key: 'file',
              label: t('upc.importDialog.fileTab'),
              children: (
                <Flex vertical gap={12}>
                  <SheetDrop
                    title={t('upc.importDialog.dragTitle')}
                    hint={t('upc.importDialog.dragHint')}
                    reading={t('upc.importDialog.checking')}
                    disabled={busy}
                    send={send}
                    accept={ACCEPT}
                  />
                </Flex>
              ),
            },
            {
              key: 'paste',
              label: t('upc.importDialog.pasteTab'),
              children: (
                <Form
                  form={form}
                  name="upc-paste"
                  layout="vertical"
                  onFinish={submitPaste}
                  initialValues={{ codes: '' }}
                >
                  <Form.Item
                    name="codes"
                    label={t('upc.importDialog.pasteLabel')}
                    extra={t('upc.importDialog.pasteCount', {
                      count: splitPasted(pasted).length,
                    })}
                    rules={[
                      { required: true, whitespace: true, message: t('validation.required') },
                    ]}
                  >
                    <Input.TextArea
                      rows={8}
                      placeholder={t('upc.importDialog.pastePlaceholder')}
                      className="upc-mono"
                    />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" loading={paste.isPending}>
                    {t('upc.importDialog.pasteSubmit')}
                  </Button>
                </Form>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}

function ImportResultView({ result }: { result: UpcImportResult }) {
  const { t } = useTranslation();
  const onlyProblems = result.total > UPC_IMPORT_ROWS_SHOWN;
  return (
    <Flex vertical gap={12} data-testid="upc-import-result">
      <Descriptions size="small" bordered column={3} title={t('upc.importDialog.summary')}>
        <Descriptions.Item label={t('upc.importDialog.totalRows')}>
          {result.total}
        </Descriptions.Item>
        {UPC_ROW_RESULTS.map((r) => (
          <Descriptions.Item key={r} label={t(`upc.importDialog.results.${r}`)}>
            {result.counts[r]}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {onlyProblems && <Alert type="info" showIcon title={t('upc.importDialog.onlyProblems')} />}
      {result.rows_truncated && (
        <Alert
          type="warning"
          showIcon
          title={t('upc.importDialog.truncated', { count: UPC_IMPORT_ROWS_SHOWN })}
        />
      )}
      {result.rows.length > 0 && (
        <Table<UpcImportRow>
          size="small"
          rowKey="row"
          dataSource={result.rows}
          pagination={{ pageSize: 8, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { key: 'row', title: t('upc.importDialog.row'), dataIndex: 'row', width: 80 },
            {
              key: 'code',
              title: t('upc.importDialog.code'),
              dataIndex: 'code',
              render: (code: string) => <span className="upc-mono">{code}</span>,
            },
            {
              key: 'result',
              title: t('upc.importDialog.result'),
              width: 160,
              filters: UPC_ROW_RESULTS.map((r) => ({
                text: t(`upc.importDialog.results.${r}`),
                value: r,
              })),
              onFilter: (value, row) => row.result === value,
              render: (_, row) => (
                <Tag color={RESULT_COLOR[row.result]}>
                  {t(`upc.importDialog.results.${row.result}`)}
                </Tag>
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
