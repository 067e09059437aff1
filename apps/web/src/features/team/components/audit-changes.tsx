import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@app/shared';

const show = (value: unknown): string =>
  value === null || value === undefined
    ? '–'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** One audit entry's changed fields, before and after. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const rows = Object.entries(entry.changes).map(([field, change]) => ({ field, ...change }));
  if (rows.length === 0)
    return <Typography.Text type="secondary">{t('team.audit.noChanges')}</Typography.Text>;
  return (
    <Table
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'field', title: t('team.audit.field'), dataIndex: 'field' },
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
