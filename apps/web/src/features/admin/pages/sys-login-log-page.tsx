import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  formatTimestamp,
  OPERATION_ACTORS,
  type SysLoginLog,
  type SysLoginLogQuery,
} from '@app/shared';
import { sysKeys, sysLoginLog } from '../api/sys.ts';

interface FilterValues {
  actor?: SysLoginLogQuery['actor'];
  user?: string;
  ip?: string;
  result?: SysLoginLogQuery['result'];
  dates?: [Dayjs, Dayjs] | null;
}

const RESULTS = ['success', 'failure'] as const;

function queryOf({ dates, ...rest }: FilterValues): Partial<SysLoginLogQuery> {
  const query: Partial<SysLoginLogQuery> = {};
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined && value !== null && value !== '')
      (query as Record<string, unknown>)[key] = value;
  if (dates) {
    query.start = dates[0].unix();
    query.end = dates[1].unix();
  }
  return query;
}

/** /admin/sys/login-log: every sign-in attempt of operators and seller users, searchable. */
export function SysLoginLogPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<Partial<SysLoginLogQuery>>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const query = { ...filters, ...paging };
  const list = useQuery({
    queryKey: sysKeys.loginLogPage(query),
    queryFn: () => sysLoginLog.page(query),
    placeholderData: keepPreviousData,
  });

  return (
    <Card title={t('admin.sysLoginLog.title')}>
      <Form<FilterValues>
        form={form}
        layout="inline"
        className="admin-filters"
        onFinish={(values) => {
          setFilters(queryOf(values));
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="actor" label={t('admin.sysLoginLog.filters.actor')}>
          <Select
            allowClear
            placeholder={t('admin.sysLoginLog.filters.all')}
            style={{ width: 130 }}
            options={OPERATION_ACTORS.map((a) => ({
              value: a,
              label: t(`admin.sysLog.actors.${a}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="user" label={t('admin.sysLoginLog.filters.user')}>
          <Input
            allowClear
            maxLength={64}
            placeholder={t('admin.sysLoginLog.filters.userHint')}
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item name="ip" label={t('admin.sysLoginLog.filters.ip')}>
          <Input allowClear maxLength={64} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="result" label={t('admin.sysLoginLog.filters.result')}>
          <Select
            allowClear
            placeholder={t('admin.sysLoginLog.filters.all')}
            style={{ width: 110 }}
            options={RESULTS.map((r) => ({
              value: r,
              label: t(`admin.sysLoginLog.results.${r}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="dates" label={t('admin.sysLoginLog.filters.time')}>
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('admin.sysLoginLog.filters.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              form.submit();
            }}
          >
            {t('admin.sysLoginLog.filters.reset')}
          </Button>
        </Space>
      </Form>
      <Table<SysLoginLog>
        rowKey={(row) => `${row.actor}-${row.id}`}
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('admin.sysLoginLog.empty') }}
        tableLayout="fixed"
        scroll={{ x: 1300 }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: list.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('admin.sysLoginLog.total', { total }),
          onChange: (page, size) => setPaging({ page, size }),
        }}
        columns={[
          {
            key: 'at',
            title: t('admin.sysLoginLog.columns.at'),
            width: 170,
            render: (_, row) => formatTimestamp(row.at),
          },
          {
            key: 'user',
            title: t('admin.sysLoginLog.columns.user'),
            width: 240,
            render: (_, row) => (
              <Space size={4} wrap>
                <Tag color={row.actor === 'admin' ? 'purple' : 'blue'}>
                  {t(`admin.sysLog.actors.${row.actor}`)}
                </Tag>
                {row.user_name ?? t('admin.sysLoginLog.unknown')}
                {row.account && <Typography.Text type="secondary">{row.account}</Typography.Text>}
              </Space>
            ),
          },
          {
            key: 'seller',
            title: t('admin.sysLoginLog.columns.seller'),
            width: 180,
            render: (_, row) =>
              row.seller_id === null ? '' : `${row.seller_name ?? ''} (#${row.seller_id})`,
          },
          { key: 'ip', title: t('admin.sysLoginLog.columns.ip'), dataIndex: 'ip', width: 130 },
          {
            key: 'result',
            title: t('admin.sysLoginLog.columns.result'),
            width: 90,
            render: (_, row) => (
              <Tag color={row.success ? 'green' : 'red'}>
                {t(`admin.sysLoginLog.results.${row.success ? 'success' : 'failure'}`)}
              </Tag>
            ),
          },
          {
            key: 'reason',
            title: t('admin.sysLoginLog.columns.reason'),
            width: 200,
            render: (_, row) => row.reason ?? '',
          },
          {
            key: 'agent',
            title: t('admin.sysLoginLog.columns.userAgent'),
            dataIndex: 'user_agent',
            ellipsis: true,
          },
        ]}
      />
    </Card>
  );
}
