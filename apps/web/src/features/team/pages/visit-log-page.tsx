import { Card, DatePicker, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, type LoginLog, type LoginLogQuery } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useLoginLogs, useRelatedUsers } from '../api.ts';
import { unixRange } from '../range.ts';

/** /subAccount/visitLog: sign-in attempts of the boss and every staff member. */
export function VisitLogPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<LoginLogQuery>({ page: 1, size: 20 });
  const logs = useLoginLogs(query);
  const users = useRelatedUsers();

  return (
    <Card className="page-card" variant="borderless" title={title}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 200 }}
          aria-label={t('team.visit.user')}
          value={query.user_id ?? 0}
          onChange={(v) => setQuery({ ...query, page: 1, user_id: v || undefined })}
          options={[
            { value: 0, label: t('team.visit.allUsers') },
            ...(users.data ?? []).map((u) => ({
              value: u.id,
              label: u.is_boss ? `${u.name} (${t('team.visit.boss')})` : u.name,
            })),
          ]}
        />
        <Select<'all' | 'true' | 'false'>
          style={{ width: 140 }}
          aria-label={t('team.visit.result')}
          value={query.success ?? 'all'}
          onChange={(v) => setQuery({ ...query, page: 1, success: v === 'all' ? undefined : v })}
          options={(['all', 'true', 'false'] as const).map((v) => ({
            value: v,
            label: t(`team.visit.results.${v}`),
          }))}
        />
        <DatePicker.RangePicker
          placeholder={[t('team.visit.dates.start'), t('team.visit.dates.end')]}
          onChange={(range) => setQuery({ ...query, page: 1, ...unixRange(range) })}
        />
      </Space>
      <Table<LoginLog>
        rowKey="id"
        loading={logs.isFetching}
        dataSource={logs.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.page,
          pageSize: query.size,
          total: logs.data?.pagination.total ?? 0,
          showTotal: (total) => t('team.total', { total }),
          onChange: (page, size) => setQuery({ ...query, page, size }),
        }}
        columns={[
          {
            key: 'user',
            title: t('team.visit.user'),
            render: (_, l) => l.user_name ?? t('team.visit.unknownUser'),
          },
          {
            key: 'time',
            title: t('team.visit.time'),
            render: (_, l) => formatTimestamp(l.created_at),
          },
          { key: 'ip', title: t('team.visit.ip'), dataIndex: 'ip' },
          {
            key: 'ua',
            title: t('team.visit.userAgent'),
            // A user agent is long: one line, the whole of it on hover.
            width: 360,
            ellipsis: { showTitle: false },
            render: (_, l) => (
              <Tooltip title={l.user_agent} placement="topLeft">
                {l.user_agent}
              </Tooltip>
            ),
          },
          {
            key: 'result',
            title: t('team.visit.result'),
            render: (_, l) =>
              l.success ? (
                <Tag color="green">{t('team.visit.success')}</Tag>
              ) : (
                <Space size={4}>
                  <Tag color="red">{t('team.visit.failure')}</Tag>
                  {l.reason &&
                    t(`team.visit.reasons.${l.reason.replace(/^auth\./, '')}` as never, {
                      defaultValue: l.reason,
                    })}
                </Space>
              ),
          },
        ]}
      />
    </Card>
  );
}
