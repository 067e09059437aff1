import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMinor, type AuditEntry } from '@app/shared';
import { knownChanges } from '../audit-fields.ts';

/** Amounts are recorded in minor units (`…Minor`), as the money module keeps them. */
const show = (field: string, value: unknown): string =>
  value === null || value === undefined
    ? '–'
    : typeof value === 'string'
      ? value
      : typeof value === 'number' && field.endsWith('Minor')
        ? formatMinor(value)
        : JSON.stringify(value);

const blank = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && Object.keys(value).length === 0);

/**
 * One audit entry's changed fields a user recognises, by their names, before and after. A
 * creation shows only what it was created with (a deletion what it held): the other side is
 * empty by definition, and so are the fields left blank.
 */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const side = entry.action === 'create' ? 'after' : entry.action === 'delete' ? 'before' : null;
  const rows = knownChanges(entry)
    .map(([field, change]) => ({ field, ...change }))
    .filter((row) => side === null || !blank(row[side]));
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
        ...(side !== 'after'
          ? [
              {
                key: 'before',
                title: t('team.audit.before'),
                render: (_: unknown, r: (typeof rows)[number]) => (
                  <Typography.Text delete={side === null}>
                    {show(r.field, r.before)}
                  </Typography.Text>
                ),
              },
            ]
          : []),
        ...(side !== 'before'
          ? [
              {
                key: 'after',
                title: t('team.audit.after'),
                render: (_: unknown, r: (typeof rows)[number]) => (
                  <Typography.Text>{show(r.field, r.after)}</Typography.Text>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
