import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@app/shared';
import { knownChanges } from '../audit-fields.ts';

const show = (value: unknown): string =>
  value === null || value === undefined
    ? '–'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** One audit entry's changed fields a user recognises, by their names, before and after. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const rows = knownChanges(entry).map(([field, change]) => ({ field, ...change }));
  if (rows.length === 0) {
    const internal = Object.keys(entry.changes).length > 0;
    return (
      <Typography.Text type="secondary">
        {t(internal ? 'team.audit.internalOnly' : 'team.audit.noChanges')}
      </Typography.Text>
    );
  }
  return (
    <Table
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={rows}
      columns={[
        {
          key: 'field',
          title: t('team.audit.field'),
          render: (_, r) => t(`team.audit.fields.${r.field}` as never),
        },
        {
          key: 'before',
          title: t('team.audit.before'),
          render: (_, r) => <Typography.Text delete>{show(r.before)}</Typography.Text>,
        },
        {
          key: 'after',
          title: t('team.audit.after'),
          render: (_, r) => <Typography.Text>{show(r.after)}</Typography.Text>,
        },
      ]}
    />
  );
}
