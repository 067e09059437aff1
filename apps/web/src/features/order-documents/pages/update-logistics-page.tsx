import { useMemo, useState } from 'react';
import { Alert, Button, Card, Input, Space, Switch, Table, Tag, Tooltip, Upload } from 'antd';
import { DownloadOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  LOGISTICS_CHANNELS,
  UPDATE_LOGISTICS_MAX,
  permOf,
  type UpdateLogisticsResult,
  type UpdateLogisticsRow,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { saveBlob } from '../../../shared/save-blob.ts';
import { updateLogistics } from '../api/order-documents.ts';
import { failedRowsCsv, parseLogisticsRows } from '../rows.ts';
import '../order-documents.css';

type ResultRow = UpdateLogisticsResult['results'][number];

/** /newOrder/updateLogistics: paste rows or upload a CSV, set logistics, read each row's result. */
export function UpdateLogisticsPage(_: ViewProps) {
  const { t, i18n } = useTranslation();
  const u = (key: string, options?: Record<string, unknown>) =>
    t(`orderDocuments.updateLogistics.${key}` as 'orderDocuments.updateLogistics.submit', options);
  const [text, setText] = useState('');
  const [sent, setSent] = useState<{
    rows: UpdateLogisticsRow[];
    result: UpdateLogisticsResult;
  } | null>(null);
  const [onlyFailed, setOnlyFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const canSubmit = useCan(permOf('/newOrder', 'logistics'));
  const rows = useMemo(() => parseLogisticsRows(text), [text]);
  const tooMany = rows.length > UPDATE_LOGISTICS_MAX;
  const zh = i18n.language === 'zh-CN';

  const submit = async () => {
    if (rows.length === 0) {
      feedback.warning(u('emptyInput'));
      return;
    }
    setBusy(true);
    try {
      const result = await updateLogistics({ rows });
      setSent({ rows, result });
      setOnlyFailed(result.failed > 0);
      const summary = u('summary', { applied: result.applied, failed: result.failed });
      if (result.failed === 0) feedback.success(summary);
      else feedback.warning(summary);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  const downloadFailed = () => {
    if (!sent) return;
    const csv = failedRowsCsv(sent.rows, sent.result, [
      u('row'),
      t('orderDocuments.common.orderNo'),
      'channel',
      'tracking',
      u('result'),
    ]);
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), 'update-logistics-failed.csv');
  };

  const results = sent?.result.results ?? [];
  const shown = onlyFailed ? results.filter((r) => !r.ok) : results;
  return (
    <div className="order-docs-page">
      <Card size="small" title={u('paste')}>
        <p className="order-docs-intro">{u('intro', { max: UPDATE_LOGISTICS_MAX })}</p>
        <div className="order-docs-channels" aria-label={u('channels')}>
          <span>{u('channels')}:</span>
          {LOGISTICS_CHANNELS.map((c) => (
            <Tooltip key={c.id} title={`${zh ? c.name_zh : c.name_en} · ${c.tracking_example}`}>
              <Tag>{c.code}</Tag>
            </Tooltip>
          ))}
        </div>
        <Input.TextArea
          className="order-docs-textarea"
          aria-label={u('paste')}
          rows={10}
          value={text}
          placeholder={u('placeholder')}
          onChange={(e) => setText(e.target.value)}
          style={{ marginTop: 12 }}
        />
        <div className="order-docs-toolbar" style={{ marginTop: 12, marginBottom: 0 }}>
          <Space>
            <Upload
              accept=".csv,.txt,text/csv,text/plain"
              showUploadList={false}
              beforeUpload={(file) => {
                file
                  .text()
                  .then(setText)
                  .catch(() => feedback.error(u('fileFailed')));
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{u('upload')}</Button>
            </Upload>
            <span>
              {tooMany ? (
                <Tag color="red">
                  {u('tooMany', { max: UPDATE_LOGISTICS_MAX, count: rows.length })}
                </Tag>
              ) : (
                u('parsed', { count: rows.length })
              )}
            </span>
          </Space>
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={busy}
            disabled={!canSubmit || tooMany || rows.length === 0}
            onClick={submit}
          >
            {u('submit')}
          </Button>
        </div>
      </Card>
      {sent && (
        <Card
          size="small"
          title={u('result')}
          extra={
            <Space>
              <Switch checked={onlyFailed} onChange={setOnlyFailed} aria-label={u('onlyFailed')} />
              <span>{u('onlyFailed')}</span>
              <Button
                icon={<DownloadOutlined />}
                disabled={sent.result.failed === 0}
                onClick={downloadFailed}
              >
                {u('downloadFailed')}
              </Button>
            </Space>
          }
        >
          <Alert
            className="order-docs-alert"
            showIcon
            type={sent.result.failed === 0 ? 'success' : 'warning'}
            title={u('summary', { applied: sent.result.applied, failed: sent.result.failed })}
          />
          <Table<ResultRow>
            size="small"
            rowKey="row"
            dataSource={shown}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            columns={[
              { title: u('row'), dataIndex: 'row', width: 80 },
              { title: t('orderDocuments.common.orderNo'), dataIndex: 'seller_order_id' },
              {
                title: u('result'),
                key: 'result',
                render: (_, r) =>
                  r.ok ? (
                    <Tag color="green">{u('ok')}</Tag>
                  ) : (
                    <Space size={4}>
                      <Tag color="red">{u('failed')}</Tag>
                      <span>{r.reason}</span>
                    </Space>
                  ),
              },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
