import { useCallback, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownloadOutlined,
  ExportOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import {
  formatTimestamp,
  type ExportColumn,
  type ExportRowMode,
  type JobState,
  type OrderExportResult,
} from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { IconAction } from '../../../shared/ui/icon-action.tsx';
import {
  downloadFile,
  startExport,
  useCommonExport,
  useOrderMarkets,
  useTemplateMutations,
} from '../api/order-transfer.ts';
import {
  chosenKeys,
  columnsFromTemplate,
  defaultColumns,
  filterParts,
  moveColumn,
  readExportQuery,
  readRecentExports,
  rememberExport,
  type PickedColumn,
  type RecentExport,
} from '../transfer-logic.ts';
import { JobProgress } from './job-progress.tsx';

type Lang = 'en' | 'zh-CN';

/** The export of the desk's filter (or selection): what, which columns, then the job and its file. */
export function ExportPanel() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = useMemo(() => readExportQuery(params), [params]);
  const common = useCommonExport();
  const markets = useOrderMarkets();
  const { save, remove } = useTemplateMutations();
  const [picks, setColumns] = useState<PickedColumn[] | null>(null);
  const [mode, setMode] = useState<ExportRowMode>('order');
  const [lang, setLang] = useState<Lang>(currentLanguage() === 'zh-CN' ? 'zh-CN' : 'en');
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [naming, setNaming] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [finished, setFinished] = useState<OrderExportResult | null>(null);
  const [recent, setRecent] = useState<RecentExport[]>(() => readRecentExports());
  const [form] = Form.useForm<{ name: string }>();

  const catalogue = common.data?.columns;
  const columns = picks ?? (catalogue ? defaultColumns(catalogue) : null);
  const byKey = useMemo(
    () => new Map<string, ExportColumn>((catalogue ?? []).map((c) => [c.key, c])),
    [catalogue],
  );
  const labelOf = (key: string) => {
    const c = byKey.get(key);
    if (!c) return key;
    return currentLanguage() === 'zh-CN' ? c.label_zh : c.label_en;
  };
  const templates = common.data?.templates ?? [];
  const picked = columns ? chosenKeys(columns) : [];

  const describe = (field: string, value: string): string => {
    if (field === 'market_id') {
      return markets.data?.find((m) => String(m.id) === value)?.alias ?? `#${value}`;
    }
    if (field === 'status') return t(`orderTransfer.deskStatus.${value}`, { defaultValue: value });
    if (field === 'start_time' || field === 'end_time') return formatTimestamp(Number(value));
    if (field === 'single_quantity')
      return value === 'true' ? t('orderTransfer.yes') : t('orderTransfer.no');
    return value;
  };
  const parts = filterParts(query.filter);

  const loadTemplate = (id: number | null) => {
    setTemplateId(id);
    const template = templates.find((x) => x.id === id);
    if (!template || !catalogue) return;
    setColumns(columnsFromTemplate(catalogue, template.columns));
    setMode(template.one_row_per);
  };

  const saveTemplate = async () => {
    const { name } = await form.validateFields();
    try {
      // The same name again replaces that template.
      const same = templates.find((x) => x.name === name.trim());
      const saved = await save.mutateAsync({
        ...(same ? { id: same.id } : {}),
        name,
        columns: picked,
        one_row_per: mode,
      });
      setTemplateId(saved.id);
      setNaming(false);
      feedback.success(t('orderTransfer.export.templateSaved'));
    } catch (error) {
      reportError(error, form);
    }
  };

  const deleteTemplate = () => {
    const template = templates.find((x) => x.id === templateId);
    if (!template) return;
    Modal.confirm({
      title: t('orderTransfer.export.deleteConfirm', { name: template.name }),
      okText: t('orderTransfer.export.deleteTemplate'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync(template.id)
          .then(() => {
            setTemplateId(null);
            feedback.success(t('orderTransfer.export.templateDeleted'));
          })
          .catch((error: unknown) => reportError(error)),
    });
  };

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
    downloadFile(url, name).catch((error: unknown) => reportError(error));

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
      <section aria-label={t('orderTransfer.export.scope')} className="order-transfer-scope">
        <Typography.Title level={5}>{t('orderTransfer.export.scope')}</Typography.Title>
        <Typography.Paragraph data-testid="export-scope" style={{ marginBottom: 0 }}>
          {query.ids ? (
            <>
              {t('orderTransfer.export.selected', { count: query.ids.length })}{' '}
              {parts.length > 0 && t('orderTransfer.export.withinFilter')}
            </>
          ) : parts.length === 0 ? (
            t('orderTransfer.export.allOrders')
          ) : (
            t('orderTransfer.export.matching')
          )}
        </Typography.Paragraph>
        {parts.length > 0 && (
          <Flex wrap gap={6} style={{ marginTop: 8 }}>
            {parts.map((p) => (
              <Tag key={p.field}>
                {t(`orderTransfer.filter.${p.field}`, { defaultValue: p.field })}:{' '}
                {describe(p.field, p.value)}
              </Tag>
            ))}
          </Flex>
        )}
      </section>

      <section aria-label={t('orderTransfer.export.templates')}>
        <Flex wrap gap={8} align="center">
          <Typography.Text strong>{t('orderTransfer.export.templates')}</Typography.Text>
          <Select<number>
            allowClear
            style={{ minWidth: 220 }}
            placeholder={t('orderTransfer.export.loadTemplate')}
            aria-label={t('orderTransfer.export.loadTemplate')}
            value={templateId ?? undefined}
            onChange={(v) => loadTemplate(v ?? null)}
            options={templates.map((x) => ({ value: x.id, label: x.name }))}
          />
          <Button
            icon={<SaveOutlined />}
            disabled={picked.length === 0}
            onClick={() => {
              form.setFieldsValue({ name: templates.find((x) => x.id === templateId)?.name ?? '' });
              setNaming(true);
            }}
          >
            {t('orderTransfer.export.saveTemplate')}
          </Button>
          {templateId !== null && (
            <IconAction
              size="middle"
              danger
              label={t('orderTransfer.export.deleteTemplate')}
              icon={<DeleteOutlined />}
              onClick={deleteTemplate}
            />
          )}
        </Flex>
      </section>

      <section aria-label={t('orderTransfer.export.columns')}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <div>
            <Typography.Title level={5} style={{ marginBottom: 0 }}>
              {t('orderTransfer.export.columns')}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('orderTransfer.export.columnsHint')}
            </Typography.Text>
          </div>
          <Flex gap={8}>
            <Button
              size="small"
              onClick={() => setColumns(columns && columns.map((x) => ({ ...x, on: true })))}
            >
              {t('orderTransfer.export.selectAll')}
            </Button>
            <Button size="small" onClick={() => catalogue && setColumns(defaultColumns(catalogue))}>
              {t('orderTransfer.export.reset')}
            </Button>
          </Flex>
        </Flex>
        <ol className="order-transfer-columns" data-testid="export-columns">
          {(columns ?? []).map((column, index) => (
            <li key={column.key} className={column.on ? 'is-on' : undefined}>
              <Checkbox
                checked={column.on}
                onChange={(e) =>
                  setColumns(
                    columns &&
                      columns.map((x, i) => (i === index ? { ...x, on: e.target.checked } : x)),
                  )
                }
              >
                {labelOf(column.key)}
              </Checkbox>
              {byKey.get(column.key)?.level === 'item' && (
                <Tag variant="filled">{t('orderTransfer.export.itemLevel')}</Tag>
              )}
              <span className="order-transfer-move">
                <IconAction
                  label={t('orderTransfer.export.moveUp', { name: labelOf(column.key) })}
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  onClick={() => setColumns(columns && moveColumn(columns, index, -1))}
                />
                <IconAction
                  label={t('orderTransfer.export.moveDown', { name: labelOf(column.key) })}
                  icon={<ArrowDownOutlined />}
                  disabled={index === (columns?.length ?? 0) - 1}
                  onClick={() => setColumns(columns && moveColumn(columns, index, 1))}
                />
              </span>
            </li>
          ))}
        </ol>
      </section>

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
              onClick={() => void download(finished.url, finished.file_name)}
            >
              {t('orderTransfer.export.download')}
            </Button>
          }
        />
      )}

      <section aria-label={t('orderTransfer.export.recent')}>
        <Typography.Title level={5}>{t('orderTransfer.export.recent')}</Typography.Title>
        <Table<RecentExport>
          size="small"
          rowKey="job_id"
          dataSource={recent}
          pagination={false}
          locale={{ emptyText: t('orderTransfer.export.recentEmpty') }}
          columns={[
            {
              title: t('orderTransfer.export.at'),
              dataIndex: 'at',
              render: (at: number) => formatTimestamp(at),
            },
            { title: t('orderTransfer.export.orders'), dataIndex: 'orders' },
            { title: t('orderTransfer.export.file'), dataIndex: 'file_name' },
            {
              title: '',
              key: 'download',
              width: 120,
              render: (_, row) => (
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={() => void download(row.url, row.file_name)}
                >
                  {t('orderTransfer.export.download')}
                </Button>
              ),
            },
          ]}
        />
      </section>

      <Modal
        open={naming}
        title={t('orderTransfer.export.saveTemplate')}
        okText={t('orderTransfer.export.saveTemplate')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        onOk={() => void saveTemplate()}
        onCancel={() => setNaming(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={() => void saveTemplate()}>
          <Form.Item
            name="name"
            label={t('orderTransfer.export.templateName')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('orderTransfer.export.templateNameRequired'),
              },
            ]}
          >
            <Input maxLength={60} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
