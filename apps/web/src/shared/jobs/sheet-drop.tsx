import { useState } from 'react';
import { Alert, Flex, Progress, Spin, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The spreadsheets every import takes. */
const SHEET_ACCEPT =
  '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * One spreadsheet, dropped or picked, sent with its upload progress under the drop zone; once
 * sent whole, `reading` (the server checking the file) until `send` settles. What the answer
 * means is the caller's: `send` handles its own refusals and never rejects.
 */
export function SheetDrop({
  title,
  hint,
  maxBytes,
  reading,
  disabled,
  accept = SHEET_ACCEPT,
  send,
}: {
  title: string;
  hint: string;
  /** Larger files are refused here, before a byte is sent. */
  maxBytes?: number;
  /** What the wait after the upload is called; the server reading the file by default. */
  reading?: string;
  disabled?: boolean;
  /** The file types offered by the picker; spreadsheets by default. */
  accept?: string;
  send: (file: File, onProgress: (percent: number) => void) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  return (
    <Flex vertical gap={12}>
      <Upload.Dragger
        accept={accept}
        name="file"
        maxCount={1}
        showUploadList={false}
        disabled={disabled || percent !== null}
        beforeUpload={(file) => {
          if (maxBytes === undefined || file.size <= maxBytes) {
            setTooLarge(null);
            return true;
          }
          setTooLarge(t('jobs.tooLarge', { name: file.name, mb: maxBytes / 1024 / 1024 }));
          return Upload.LIST_IGNORE;
        }}
        customRequest={({ file }) => {
          setPercent(0);
          void send(file as File, setPercent).finally(() => setPercent(null));
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{title}</p>
        <p className="ant-upload-hint">{hint}</p>
      </Upload.Dragger>
      {tooLarge && <Alert type="error" showIcon title={tooLarge} />}
      {percent !== null && (
        <div role="status">
          {percent < 100 ? (
            <>
              <Progress percent={percent} status="active" />
              <Typography.Text type="secondary">{t('jobs.uploading', { percent })}</Typography.Text>
            </>
          ) : (
            <Spin>
              <Typography.Text type="secondary">{reading ?? t('jobs.reading')}</Typography.Text>
            </Spin>
          )}
        </div>
      )}
    </Flex>
  );
}
