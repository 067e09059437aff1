import { Table, Tag } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, type AuditEntry } from '@app/shared';
import { knownChanges } from '../audit-fields.ts';
import { AuditChanges } from './audit-changes.tsx';

const actionColor = { create: 'green', update: 'blue', delete: 'red' } as const;

/** Audit entries, newest first; each row expands to its changed fields. */
export function AuditTable({
  entries,
  loading,
  pagination,
  showObject = true,
}: {
  entries: AuditEntry[];
  loading: boolean;
  pagination: TablePaginationConfig;
  showObject?: boolean;
}) {
  const { t } = useTranslation();
  const objectName = (o: string) => t(`team.audit.objects.${o}` as never, { defaultValue: o });
  return (
    <Table<AuditEntry>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={entries}
      pagination={pagination}
      locale={{ emptyText: t('team.audit.empty') }}
      expandable={{ expandedRowRender: (entry) => <AuditChanges entry={entry} /> }}
      columns={[
        { key: 'time', title: t('team.audit.time'), render: (_, e) => formatTimestamp(e.at) },
        {
          key: 'user',
          title: t('team.audit.user'),
          render: (_, e) => e.user_name ?? t('team.audit.system'),
        },
        ...(showObject
          ? [
              {
                key: 'object',
                title: t('team.audit.object'),
                render: (_: unknown, e: AuditEntry) => `${objectName(e.object)} #${e.object_id}`,
              },
            ]
          : []),
        {
          key: 'action',
          title: t('team.audit.action'),
          render: (_, e) => (
            <Tag color={actionColor[e.action]}>{t(`team.audit.actionNames.${e.action}`)}</Tag>
          ),
        },
        {
          key: 'fields',
          title: t('team.audit.field'),
          render: (_, e) => {
            // A creation or deletion is the whole object: its row expands to the details.
            if (e.action !== 'update') return null;
            const known = knownChanges(e);
            if (known.length === 0) return t('team.audit.internalOnly');
            return known
              .map(([field]) => t(`team.audit.fields.${field}` as never))
              .join(t('team.audit.fieldSeparator'));
          },
        },
      ]}
    />
  );
}
