import { Card, DatePicker, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_OBJECTS, type AuditObject, type AuditQuery } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useAuditLog, useRelatedUsers } from '../api.ts';
import { AuditTable } from '../components/audit-table.tsx';
import { unixRange } from '../range.ts';

/** /subAccount/audit: every recorded change of the seller, by object, user and date. */
export function AuditPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<AuditQuery>({ page: 1, size: 20 });
  const [objectId, setObjectId] = useState('');
  const audit = useAuditLog(query);
  const users = useRelatedUsers();

  return (
    <Card className="page-card" variant="borderless" title={title}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<AuditObject | 'all'>
          style={{ width: 140 }}
          aria-label={t('team.audit.object')}
          value={query.object ?? 'all'}
          onChange={(v) => setQuery({ ...query, page: 1, object: v === 'all' ? undefined : v })}
          options={(['all', ...AUDIT_OBJECTS] as const).map((v) => ({
            value: v,
            label: t(`team.audit.objects.${v}`),
          }))}
        />
        <Input.Search
          allowClear
          style={{ width: 220 }}
          placeholder={t('team.audit.objectId')}
          value={objectId}
          onChange={(e) => setObjectId(e.target.value)}
          onSearch={(v) => setQuery({ ...query, page: 1, object_id: v.trim() || undefined })}
          enterButton={t('team.search')}
        />
        <Select
          style={{ width: 200 }}
          aria-label={t('team.audit.user')}
          value={query.user_id ?? 0}
          onChange={(v) => setQuery({ ...query, page: 1, user_id: v || undefined })}
          options={[
            { value: 0, label: t('team.visit.allUsers') },
            ...(users.data ?? []).map((u) => ({ value: u.id, label: u.name })),
          ]}
        />
        <DatePicker.RangePicker
          placeholder={[t('team.visit.dates.start'), t('team.visit.dates.end')]}
          onChange={(range) => setQuery({ ...query, page: 1, ...unixRange(range) })}
        />
      </Space>
      <AuditTable
        entries={audit.data?.list ?? []}
        loading={audit.isFetching}
        pagination={{
          current: query.page,
          pageSize: query.size,
          total: audit.data?.pagination.total ?? 0,
          showTotal: (total) => t('team.total', { total }),
          onChange: (page, size) => setQuery({ ...query, page, size }),
        }}
      />
    </Card>
  );
}
