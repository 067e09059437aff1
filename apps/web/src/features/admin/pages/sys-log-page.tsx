import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  formatTimestamp,
  LOG_KEEP_DAYS_MAX,
  LOG_KEEP_DAYS_MIN,
  OPERATION_ACTORS,
  type OperationLog,
  type OperationLogQuery,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { sysKeys, sysLog } from '../api/sys.ts';
import { useOperatorCan } from '../components/operator-can.tsx';

interface FilterValues {
  actor?: OperationLogQuery['actor'];
  name?: string;
  path?: string;
  method?: OperationLogQuery['method'];
  dates?: [Dayjs, Dayjs] | null;
}

const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

function queryOf({ dates, ...rest }: FilterValues): Partial<OperationLogQuery> {
  const query: Partial<OperationLogQuery> = {};
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined && value !== null && value !== '')
      (query as Record<string, unknown>)[key] = value;
  if (dates) {
    query.start = dates[0].unix();
    query.end = dates[1].unix();
  }
  return query;
}

const statusColor = (status: number) =>
  status >= 500 ? 'red' : status >= 400 ? 'orange' : 'green';

/** Keep-days: shown with `get-keep`, editable with `set-keep`. */
function KeepDays({ canSet }: { canSet: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const keep = useQuery({ queryKey: sysKeys.keep(), queryFn: sysLog.getKeep });
  // The operator's edit, until saved; the stored value shows otherwise.
  const [edited, setEdited] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const value = edited ?? keep.data?.value ?? null;
  const save = async () => {
    if (value === null) return;
    setSaving(true);
    try {
      client.setQueryData(sysKeys.keep(), await sysLog.setKeep(value));
      setEdited(null);
      feedback.success(t('admin.sysLog.keepSaved', { days: value }));
    } catch (error) {
      reportError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space>
      <span>{t('admin.sysLog.keep')}</span>
      <InputNumber
        aria-label={t('admin.sysLog.keep')}
        min={LOG_KEEP_DAYS_MIN}
        max={LOG_KEEP_DAYS_MAX}
        precision={0}
        disabled={!canSet}
        value={value}
        onChange={(v) => setEdited(v)}
        suffix={t('admin.sysLog.days')}
        style={{ width: 130 }}
      />
      {canSet && (
        <Button loading={saving} disabled={value === keep.data?.value} onClick={() => void save()}>
          {t('admin.sysLog.keepSave')}
        </Button>
      )}
    </Space>
  );
}

/** /admin/sys/log: every write request of operators and seller users, searchable; keep-days; clear. */
export function SysLogPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<Partial<OperationLogQuery>>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const may = useOperatorCan('/sys/log');
  const query = { ...filters, ...paging };
  const list = useQuery({
    queryKey: sysKeys.logPage(query),
    queryFn: () => sysLog.page(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: sysKeys.log });

  const clear = () =>
    Modal.confirm({
      title: t('admin.sysLog.clearConfirm'),
      content: t('admin.sysLog.clearWarning'),
      okText: t('admin.sysLog.clear'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const { deleted } = await sysLog.clear();
          feedback.success(t('admin.sysLog.cleared', { count: deleted }));
          setPaging((p) => ({ ...p, page: 1 }));
          refresh();
        } catch (error) {
          reportError(error);
        }
      },
    });

  return (
    <Card
      title={t('admin.sysLog.title')}
      extra={
        <Space wrap>
          {may('get-keep') && <KeepDays canSet={may('set-keep')} />}
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            {t('admin.sysLog.refresh')}
          </Button>
          {may('clear') && (
            <Button danger icon={<DeleteOutlined />} onClick={clear}>
              {t('admin.sysLog.clear')}
            </Button>
          )}
        </Space>
      }
    >
      <Form<FilterValues>
        form={form}
        layout="inline"
        className="admin-filters"
        onFinish={(values) => {
          setFilters(queryOf(values));
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="actor" label={t('admin.sysLog.filters.actor')}>
          <Select
            allowClear
            placeholder={t('admin.sysLog.filters.all')}
            style={{ width: 130 }}
            options={OPERATION_ACTORS.map((a) => ({
              value: a,
              label: t(`admin.sysLog.actors.${a}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('admin.sysLog.filters.name')}>
          <Input allowClear maxLength={64} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="path" label={t('admin.sysLog.filters.path')}>
          <Input allowClear maxLength={200} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="method" label={t('admin.sysLog.filters.method')}>
          <Select
            allowClear
            placeholder={t('admin.sysLog.filters.all')}
            style={{ width: 120 }}
            options={METHODS.map((m) => ({ value: m, label: m }))}
          />
        </Form.Item>
        <Form.Item name="dates" label={t('admin.sysLog.filters.time')}>
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('admin.sysLog.filters.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              form.submit();
            }}
          >
            {t('admin.sysLog.filters.reset')}
          </Button>
        </Space>
      </Form>
      <Table<OperationLog>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('admin.sysLog.empty') }}
        expandable={{
          rowExpandable: (row) => row.params !== null,
          expandedRowRender: (row) => (
            <Typography.Paragraph code copyable className="admin-log-params">
              {row.params}
            </Typography.Paragraph>
          ),
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: list.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('admin.sysLog.total', { total }),
          onChange: (page, size) => setPaging({ page, size }),
        }}
        columns={[
          {
            key: 'at',
            title: t('admin.sysLog.columns.at'),
            render: (_, row) => formatTimestamp(row.at),
          },
          {
            key: 'actor',
            title: t('admin.sysLog.columns.actor'),
            render: (_, row) => (
              <Space size={4}>
                <Tag color={row.actor === 'admin' ? 'purple' : 'blue'}>
                  {t(`admin.sysLog.actors.${row.actor}`)}
                </Tag>
                {row.actor_name ?? t('admin.sysLog.deleted', { id: row.actor_id })}
              </Space>
            ),
          },
          {
            key: 'seller',
            title: t('admin.sysLog.columns.seller'),
            render: (_, row) =>
              row.seller_id === null ? '' : `${row.seller_name ?? ''} (#${row.seller_id})`,
          },
          {
            key: 'request',
            title: t('admin.sysLog.columns.request'),
            render: (_, row) => (
              <Typography.Text code>{`${row.method} ${row.path}`}</Typography.Text>
            ),
          },
          {
            key: 'status',
            title: t('admin.sysLog.columns.status'),
            render: (_, row) => <Tag color={statusColor(row.status)}>{row.status}</Tag>,
          },
          {
            key: 'duration',
            title: t('admin.sysLog.columns.duration'),
            align: 'right',
            render: (_, row) => t('admin.sysLog.ms', { ms: row.duration_ms }),
          },
          { key: 'ip', title: t('admin.sysLog.columns.ip'), dataIndex: 'ip' },
        ]}
      />
    </Card>
  );
}
