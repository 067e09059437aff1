import type { ReactNode } from 'react';
import { Alert, Button, Empty, Table, type TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTimestamp, type LedgerEntry, type LedgerPage } from '@app/shared';
import { KindTag, SignedAmount } from './money-cells.tsx';

interface LedgerTableProps {
  page: LedgerPage | undefined;
  loading: boolean;
  empty: ReactNode;
  /** `frozen` shows the frozen change and the frozen amount after; `compact` has no paging. */
  variant?: 'ledger' | 'frozen' | 'compact';
  onPage?: (page: number, size: number) => void;
}

/** Ledger rows: time, kind, memo, the signed change and what was left after it. */
export function LedgerTable({
  page,
  loading,
  empty,
  variant = 'ledger',
  onPage,
}: LedgerTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<LedgerEntry> = [
    {
      title: t('finance.ledger.columns.time'),
      dataIndex: 'created_at',
      width: 180,
      render: (value: number) => formatTimestamp(value),
    },
    {
      title: t('finance.ledger.columns.kind'),
      dataIndex: 'kind',
      width: 120,
      render: (kind: LedgerEntry['kind']) => <KindTag kind={kind} />,
    },
    { title: t('finance.ledger.columns.memo'), dataIndex: 'memo', ellipsis: true },
    ...(variant === 'frozen'
      ? [
          {
            title: t('finance.ledger.columns.frozen'),
            dataIndex: 'frozen_delta_minor',
            align: 'right' as const,
            width: 140,
            render: (value: number) => <SignedAmount minor={value} />,
          },
          {
            title: t('finance.ledger.columns.frozenAfter'),
            dataIndex: 'frozen_after_minor',
            align: 'right' as const,
            width: 160,
            render: (value: number) => formatMinor(value),
          },
        ]
      : [
          {
            title: t('finance.ledger.columns.amount'),
            dataIndex: 'amount_minor',
            align: 'right' as const,
            width: 140,
            render: (value: number) => <SignedAmount minor={value} />,
          },
          {
            title: t('finance.ledger.columns.balance'),
            dataIndex: 'balance_after_minor',
            align: 'right' as const,
            width: 160,
            render: (value: number) => formatMinor(value),
          },
        ]),
  ];

  return (
    <Table<LedgerEntry>
      rowKey="id"
      size={variant === 'compact' ? 'small' : 'middle'}
      columns={columns}
      dataSource={page?.list ?? []}
      loading={loading}
      locale={{ emptyText: empty }}
      scroll={{ x: 760 }}
      pagination={
        variant === 'compact' || !page
          ? false
          : {
              current: page.pagination.page,
              pageSize: page.pagination.size,
              total: page.pagination.total,
              showSizeChanger: true,
              showTotal: (total) => t('finance.ledger.total', { total }),
              onChange: onPage,
            }
      }
    />
  );
}

/** A ledger query's outcome: the error with a retry, or the table with its empty text. */
export function LedgerResults({
  result,
  emptyText,
  variant,
  onPage,
}: {
  result: UseQueryResult<LedgerPage>;
  emptyText: string;
  variant?: LedgerTableProps['variant'];
  onPage: (page: number, size: number) => void;
}) {
  const { t } = useTranslation();
  if (result.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('finance.loadFailed')}
        description={result.error.message}
        action={<Button onClick={() => void result.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <LedgerTable
      variant={variant}
      page={result.data}
      loading={result.isFetching}
      empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
      onPage={onPage}
    />
  );
}
