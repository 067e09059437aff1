import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { deskStatusName, type LabelReadiness } from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { feedback } from '../../../shared/feedback.ts';
import { saveBlob } from '../../../shared/save-blob.ts';
import { printLabels, useLabelReadiness } from '../api/order-documents.ts';
import { parseIds } from '../../../shared/url-query.ts';
import '../order-documents.css';

/** /newOrder/labels?ids=: readiness per order, a PDF preview and its download. */
export function LabelsPage(_: ViewProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ids = parseIds(params.get('ids')).slice(0, 200);
  const readiness = useLabelReadiness(ids);
  const [skipMissing, setSkipMissing] = useState(true);
  const [pdf, setPdf] = useState<{ blob: Blob; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = readiness.data ?? [];
  const ready = rows.filter((r) => r.ready).length;

  useEffect(() => () => void (pdf && URL.revokeObjectURL(pdf.url)), [pdf]);

  const generate = async (): Promise<Blob | null> => {
    setBusy(true);
    try {
      const blob = await printLabels({ ids, skip_missing: skipMissing });
      const typed = new Blob([blob], { type: 'application/pdf' });
      setPdf({ blob: typed, url: URL.createObjectURL(typed) });
      feedback.success(
        t('orderDocuments.labels.generated', { count: skipMissing ? ready : ids.length }),
      );
      return typed;
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        feedback.error(t('orderDocuments.labels.refused', { message: error.message }));
      } else reportError(error);
      return null;
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    const blob = pdf?.blob ?? (await generate());
    if (blob) saveBlob(blob, `labels-${new Date().toISOString().slice(0, 10)}.pdf`);
  };

  if (ids.length === 0) {
    return <Alert type="info" showIcon title={t('orderDocuments.common.noIds')} />;
  }
  const l = (key: string) => t(`orderDocuments.labels.${key}` as 'orderDocuments.labels.ready');
  return (
    <div className="order-docs-page">
      <p className="order-docs-intro">{l('intro')}</p>
      {readiness.isError && (
        <Alert
          type="warning"
          showIcon
          title={
            isApiError(readiness.error) && readiness.error.status === 404
              ? t('orderDocuments.common.notFound')
              : readiness.error.message
          }
        />
      )}
      <Card
        size="small"
        title={t('orderDocuments.labels.readyCount', { ready, total: rows.length })}
        extra={
          <Space wrap>
            <Checkbox checked={skipMissing} onChange={(e) => setSkipMissing(e.target.checked)}>
              {l('skipMissing')}
            </Checkbox>
            <Button icon={<EyeOutlined />} loading={busy} disabled={ready === 0} onClick={generate}>
              {l('preview')}
            </Button>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={ready === 0 || busy}
              onClick={download}
            >
              {l('download')}
            </Button>
          </Space>
        }
      >
        <Table<LabelReadiness>
          size="small"
          rowKey="id"
          loading={readiness.isLoading}
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: l('noneReady') }}
          columns={[
            { title: t('orderDocuments.common.orderNo'), dataIndex: 'seller_order_id' },
            { title: t('orderDocuments.common.store'), dataIndex: 'market_alias' },
            {
              title: t('orderDocuments.common.status'),
              dataIndex: 'status',
              render: (status: number) => t(`orderDocuments.deskStatus.${deskStatusName(status)}`),
            },
            {
              title: l('tracking'),
              dataIndex: 'shipped_number',
              render: (v: string | null) => v ?? '-',
            },
            {
              title: l('recipient'),
              dataIndex: 'recipient',
              render: (v: string | null, r) => (v ? `${v} (${r.country_code ?? ''})` : '-'),
            },
            {
              title: l('ready'),
              key: 'ready',
              render: (_, r) =>
                r.ready ? (
                  <Tag color="green">{l('ready')}</Tag>
                ) : (
                  <Space size={4} wrap>
                    {r.problems.map((p) => (
                      <Tag key={p} color="red">
                        {t(`orderDocuments.labels.problems.${p}`)}
                      </Tag>
                    ))}
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      {pdf && (
        <Card size="small" title={l('previewTitle')}>
          <object
            data={pdf.url}
            type="application/pdf"
            className="order-docs-preview"
            aria-label={l('previewTitle')}
          >
            <Typography.Link href={pdf.url} target="_blank">
              {l('download')}
            </Typography.Link>
          </object>
        </Card>
      )}
    </div>
  );
}
