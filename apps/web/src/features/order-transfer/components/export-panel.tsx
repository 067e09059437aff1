import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Flex, Radio, Typography } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import type { ExportRowMode, JobState, OrderExportResult } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import {
  downloadFile,
  startExport,
  useCommonExport,
  useOrderMarkets,
} from '../api/order-transfer.ts';
import {
  chosenKeys,
  defaultColumns,
  readExportQuery,
  readRecentExports,
  rememberExport,
  type PickedColumn,
  type RecentExport,
} from '../transfer-logic.ts';
import { ExportColumns } from './export-columns.tsx';
import { ExportScope } from './export-scope.tsx';
import { ExportTemplates } from './export-templates.tsx';
import { JobProgress } from '../../../shared/jobs/job-progress.tsx';
import { RecentExports } from './recent-exports.tsx';

type Lang = 'en' | 'zh-CN';

/** The export of the desk's filter (or selection): what, which columns, then the job and its file. */
export function ExportPanel() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = useMemo(() => readExportQuery(params), [params]);
  const common = useCommonExport();
  const markets = useOrderMarkets();
  const [picks, setColumns] = useState<PickedColumn[] | null>(null);
  const [mode, setMode] = useState<ExportRowMode>('order');
  const [lang, setLang] = useState<Lang>(currentLanguage() === 'zh-CN' ? 'zh-CN' : 'en');
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [finished, setFinished] = useState<OrderExportResult | null>(null);
  const [recent, setRecent] = useState<RecentExport[]>(() => readRecentExports());

  const catalogue = common.data?.columns;
  const columns = picks ?? (catalogue ? defaultColumns(catalogue) : null);
  const picked = columns ? chosenKeys(columns) : [];

  const start = async () => {
    if (picked.length === 0) {
      feedback.warning(t('orderTransfer.export.noColumns'));
      return;
    }
    setStarting(true);
    setFinished(null);
    try {
      const started = await startExport({
        filter: query.filter,
        ...(query.ids ? { ids: query.ids } : {}),
        columns: picked,
        one_row_per: mode,
        lang,
      });
      setJobId(started.job_id);
    } catch (error) {
      reportError(error);
    } finally {
      setStarting(false);
    }
  };

  const onFinished = useCallback(
    (job: JobState) => {
      if (job.status !== 'succeeded') return;
      const result = job.result as OrderExportResult;
      setFinished(result);
      setRecent(
        rememberExport({
          job_id: job.id,
          at: job.updatedAt,
          orders: result.orders,
          rows: result.rows,
          url: result.url,
          file_name: result.file_name,
        }),
      );
      feedback.success(
        t('orderTransfer.export.ready', { orders: result.orders, rows: result.rows }),
      );
    },
    [t],
  );

  const download = (url: string, name: string) =>
    void downloadFile(url, name).catch((error: unknown) => reportError(error));

  if (common.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('orderTransfer.export.loadFailed')}
        action={<Button onClick={() => void common.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  const running = jobId !== null && finished === null;

  return (
    <Flex vertical gap={20}>
      <ExportScope query={query} markets={markets.data} />
      <ExportTemplates
        templates={common.data?.templates ?? []}
        catalogue={catalogue}
        picked={picked}
        mode={mode}
        onLoad={(loaded, loadedMode) => {
          setColumns(loaded);
          setMode(loadedMode);
        }}
      />
      <ExportColumns columns={columns} catalogue={catalogue} onChange={setColumns} />

      <Flex wrap gap={24} align="center">
        <span>
          <Typography.Text strong>{t('orderTransfer.export.rowMode')} </Typography.Text>
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as ExportRowMode)}
            options={[
              { value: 'order', label: t('orderTransfer.export.perOrder') },
              { value: 'item', label: t('orderTransfer.export.perItem') },
            ]}
          />
        </span>
        <span>
          <Typography.Text strong>{t('orderTransfer.export.lang')} </Typography.Text>
          <Radio.Group
            value={lang}
            onChange={(e) => setLang(e.target.value as Lang)}
            options={[
              { value: 'zh-CN', label: '中文' },
              { value: 'en', label: 'English' },
            ]}
          />
        </span>
        <Button
          type="primary"
          icon={<ExportOutlined />}
          loading={starting || running}
          disabled={picked.length === 0}
          onClick={() => void start()}
        >
          {t('orderTransfer.export.start')}
        </Button>
      </Flex>

      {jobId && <JobProgress jobId={jobId} onFinished={onFinished} />}
      {finished && (
        <Alert
          type="success"
          showIcon
          title={t('orderTransfer.export.ready', { orders: finished.orders, rows: finished.rows })}
          action={
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              onClick={() => download(finished.url, finished.file_name)}
            >
              {t('orderTransfer.export.download')}
            </Button>
          }
        />
      )}

      <RecentExports recent={recent} onDownload={download} />
    </Flex>
  );
}
