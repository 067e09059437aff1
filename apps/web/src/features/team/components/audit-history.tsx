import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditObject } from '@app/shared';
import { useAuditHistory } from '../api.ts';
import { AuditTable } from './audit-table.tsx';

/** The recorded changes of one object (an order, a listing, a product), for its drawer or editor. */
export function AuditHistory({ object, id }: { object: AuditObject; id: string | number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, size: 10 });
  const history = useAuditHistory({ object, id: String(id), ...page });
  if (history.isError) return <Alert type="error" title={t('team.loadFailed')} />;
  return (
    <AuditTable
      showObject={false}
      entries={history.data?.list ?? []}
      loading={history.isFetching}
      pagination={{
        current: page.page,
        pageSize: page.size,
        total: history.data?.pagination.total ?? 0,
        onChange: (p, size) => setPage({ page: p, size }),
        hideOnSinglePage: true,
      }}
    />
  );
}
