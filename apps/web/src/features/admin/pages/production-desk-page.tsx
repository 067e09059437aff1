import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
} from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  checkPerm,
  formatMoney,
  formatTimestamp,
  permOf,
  PURCHASE_ORDER_STATUSES,
  type ProductionBatchResult,
  type ProductionOrder,
  type ProductionQuery,
} from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { reportError } from '../../../api/form-errors.ts';
import { useOperatorStore } from '../../../shared/auth/operator-store.ts';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { saveBlob } from '../../../shared/save-blob.ts';
import { useTableColumns } from '../../../shared/ui/table-columns.tsx';
import { fbaPod, fbaPodKeys } from '../api/fba-pod.ts';
import { production, productionKeys } from '../api/production.ts';
import { BatchShipDialog } from '../components/batch-ship-dialog.tsx';
import { ProductionDrawer } from '../components/production-drawer.tsx';
import { ProductionStatus } from '../components/production-status.tsx';

interface FilterValues {
  /** '' is "all states". */
  status?: ProductionQuery['status'] | '';
  number?: string;
  sku?: string;
  factory_id?: number;
  seller_id?: number;
  dates?: [Dayjs, Dayjs] | null;
}

/** The desk's downloads for the selected orders, by the file the browser saves. */
const DOWNLOADS = { pickList: 'pick-list.xlsx', printFiles: 'print-files.zip' } as const;
type Download = keyof typeof DOWNLOADS;

function queryOf(values: FilterValues): Partial<ProductionQuery> {
  const { dates, ...rest } = values;
  const query: Partial<ProductionQuery> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined && value !== null && value !== '')
      (query as Record<string, unknown>)[key] = value;
  }
  if (dates) {
    query.from = dates[0].startOf('day').unix();
    query.to = dates[1].endOf('day').unix();
  }
  return query;
}

/** /admin/sys/production: the purchase orders to accept, produce and ship, by state and factory. */
export function ProductionDeskPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<Partial<ProductionQuery>>({ status: 'paid' });
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const [shipping, setShipping] = useState(false);
  const [downloading, setDownloading] = useState<Download | null>(null);
  const perms = useOperatorStore((s) => s.perms);
  const may = (action: string) => checkPerm(perms, permOf('/sys/production', action));
  const query = { ...filters, ...paging };
  const list = useQuery({
    queryKey: productionKeys.page(query),
    queryFn: () => production.page(query),
    placeholderData: keepPreviousData,
  });
  const factories = useQuery({
    queryKey: productionKeys.factories(),
    queryFn: production.factories,
  });
  const zh = currentLanguage() === 'zh-CN';
  const rows = list.data?.list ?? [];
  const shownIds = rows.map((r) => r.id);
  const marks = useQuery({
    queryKey: fbaPodKeys.marks(shownIds),
    queryFn: () => fbaPod.marks(shownIds),
    enabled: shownIds.length > 0,
  });
  const fbaStage = new Map((marks.data ?? []).map((m) => [m.purchase_order_id, m.stage]));

  const runBatch = async (run: (ids: number[]) => Promise<ProductionBatchResult>) => {
    try {
      const { results } = await run(selected);
      const failed = results.filter((r) => !r.ok);
      feedback.success(
        t('admin.production.batchDone', {
          ok: results.length - failed.length,
          failed: failed.length,
        }),
      );
      const numbers = new Map(rows.map((r) => [r.id, r.number]));
      for (const r of failed)
        feedback.warning(
          t('admin.production.batchRefused', {
            number: numbers.get(r.id) ?? r.id,
            reason: r.reason,
          }),
        );
      setSelected([]);
      void client.invalidateQueries({ queryKey: productionKeys.all });
    } catch (error) {
      reportError(error);
    }
  };

  const download = async (kind: Download) => {
    const file = DOWNLOADS[kind];
    setDownloading(kind);
    try {
      saveBlob(await production[kind](selected), file);
      feedback.success(t('admin.production.download.done', { file }));
    } catch (error) {
      // 401, 403 and 500 were told by the client; a 404 (an order gone) is told here.
      if (isApiError(error) && error.handled && error.status !== 404) return;
      feedback.error(
        t('admin.production.download.failed', {
          reason: error instanceof Error ? error.message : String(error),
        }),
      );
    } finally {
      setDownloading(null);
    }
  };
  const refresh = useCallback(
    () => void client.invalidateQueries({ queryKey: productionKeys.all }),
    [client],
  );
  const none = selected.length === 0;

  const shown = useTableColumns<ProductionOrder>(
    'production.desk',
    [
      {
        key: 'number',
        title: t('admin.production.columns.number'),
        render: (_, row) => {
          const stage = fbaStage.get(row.id);
          return (
            <Space size={0}>
              <Button type="link" onClick={() => setOpen(row.id)}>
                {row.number}
              </Button>
              {stage && (
                <Tooltip title={t(`admin.production.fba.stages.${stage}`)}>
                  <Tag color="orange" className="fba-mark">
                    {t('admin.production.fba.tag')}
                  </Tag>
                </Tooltip>
              )}
            </Space>
          );
        },
      },
      {
        key: 'seller',
        title: t('admin.production.columns.seller'),
        render: (_, row) => `${row.seller_name} (#${row.seller_id})`,
      },
      {
        key: 'status',
        title: t('admin.production.columns.status'),
        render: (_, row) => <ProductionStatus status={row.status} />,
      },
      { key: 'quantity', title: t('admin.production.columns.quantity'), dataIndex: 'quantity' },
      {
        key: 'amount',
        title: t('admin.production.columns.amount'),
        align: 'right',
        render: (_, row) => formatMoney(row.amount_minor, 'CNY', currentLanguage()),
      },
      {
        key: 'created',
        title: t('admin.production.columns.created'),
        render: (_, row) => formatTimestamp(row.created_at),
      },
      {
        key: 'paid',
        title: t('admin.production.columns.paid'),
        render: (_, row) => formatTimestamp(row.paid_at),
      },
      {
        key: 'actions',
        title: t('admin.production.columns.actions'),
        render: (_, row) => (
          <Button size="small" onClick={() => setOpen(row.id)}>
            {t('admin.production.actions.open')}
          </Button>
        ),
      },
    ],
    'operator',
  );
  return (
    <Card title={t('admin.production.title')}>
      <Form<FilterValues>
        form={form}
        layout="inline"
        className="admin-filters"
        initialValues={{ status: 'paid' }}
        onFinish={(values) => {
          setFilters(queryOf(values));
          setPaging((p) => ({ ...p, page: 1 }));
          setSelected([]);
        }}
      >
        <Form.Item name="status" label={t('admin.production.filters.status')}>
          <Select
            allowClear
            placeholder={t('admin.production.filters.all')}
            style={{ width: 140 }}
            options={[
              { value: '', label: t('admin.production.filters.all') },
              ...PURCHASE_ORDER_STATUSES.map((s) => ({
                value: s,
                label: t(`admin.production.statuses.${s}`),
              })),
            ]}
          />
        </Form.Item>
        <Form.Item name="number" label={t('admin.production.filters.number')}>
          <Input allowClear maxLength={100} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="sku" label={t('admin.production.filters.sku')}>
          <Input allowClear maxLength={100} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="factory_id" label={t('admin.production.filters.factory')}>
          <Select
            allowClear
            placeholder={t('admin.production.filters.all')}
            style={{ width: 160 }}
            options={(factories.data ?? []).map((f) => ({
              value: f.id,
              label: zh ? f.name : f.name_en,
            }))}
          />
        </Form.Item>
        <Form.Item name="seller_id" label={t('admin.production.filters.seller')}>
          <InputNumber min={1} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="dates" label={t('admin.production.filters.dates')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('admin.production.filters.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              form.submit();
            }}
          >
            {t('admin.production.filters.reset')}
          </Button>
        </Space>
      </Form>
      <Space className="admin-batch">
        <Button
          type="primary"
          disabled={selected.length === 0}
          onClick={() => void runBatch(production.accept)}
        >
          {t('admin.production.actions.acceptSelected', { count: selected.length })}
        </Button>
        <Button disabled={selected.length === 0} onClick={() => void runBatch(production.produced)}>
          {t('admin.production.actions.producedSelected', { count: selected.length })}
        </Button>
        {may('print') &&
          (['pickList', 'printFiles'] as const).map((kind) => (
            <Tooltip key={kind} title={none ? t('admin.production.actions.selectFirst') : null}>
              <Button
                icon={<DownloadOutlined />}
                disabled={none}
                loading={downloading === kind}
                onClick={() => void download(kind)}
              >
                {t(`admin.production.actions.${kind}`)}
              </Button>
            </Tooltip>
          ))}
        {may('ship') && (
          <Button icon={<UploadOutlined />} onClick={() => setShipping(true)}>
            {t('admin.production.actions.batchShip')}
          </Button>
        )}
        {shown.settings}
      </Space>
      <Table<ProductionOrder>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={rows}
        locale={{ emptyText: t('admin.production.empty') }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
        }}
        onRow={(row) => ({ onDoubleClick: () => setOpen(row.id) })}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: list.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('admin.production.total', { total }),
          onChange: (page, size) => setPaging({ page, size }),
        }}
        columns={shown.columns}
        scroll={shown.scroll}
      />
      {open !== null && <ProductionDrawer id={open} onClose={() => setOpen(null)} />}
      {shipping && <BatchShipDialog onClose={() => setShipping(false)} onShipped={refresh} />}
    </Card>
  );
}
