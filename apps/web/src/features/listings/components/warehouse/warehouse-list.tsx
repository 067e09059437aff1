import type { ReactNode } from 'react';
import { Alert, Button, Card, Empty, Table, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListingPage, ListingRow } from '@app/shared';
import { useTableColumns } from '../../../../shared/ui/table-columns.tsx';
import '../../listings.css';

export interface WarehouseListProps {
  title: ReactNode;
  /** The filter row (and tabs) above the table. */
  filters: ReactNode;
  /** The batch toolbar, shown while rows are selected. */
  batchBar: ReactNode;
  result: UseQueryResult<ListingPage>;
  page: { page: number; size: number };
  /** Moves to another page or page size (the URL holds both). */
  onPage: (page: number, size: number) => void;
  selected: number[];
  onSelect: (ids: number[]) => void;
  columns: NonNullable<TableProps<ListingRow>['columns']>;
  emptyText: string;
  /** Names the list for its saved column choice (`listings.amazon`). */
  table: string;
  onSort?: TableProps<ListingRow>['onChange'];
  /** Dialogs and drawers the page opens. */
  children?: ReactNode;
}

/**
 * The cloud-warehouse list page every marketplace shares (/goods/collectyun, /goods/shopifyyun,
 * /goods/temuyun, /goods/shopeeyun): filters, the batch bar over a selection, the paged table
 * of listing rows with its load error and empty states, then the page's dialogs.
 */
export function WarehouseList(props: WarehouseListProps) {
  const { t } = useTranslation();
  const { result, selected, onSelect } = props;
  const pagination = result.data?.pagination;
  const shown = useTableColumns(props.table, props.columns);
  return (
    <Card className="page-card listings-page" variant="borderless" title={props.title}>
      {props.filters}
      {selected.length > 0 && props.batchBar}
      <div className="table-columns__bar">{shown.settings}</div>
      {result.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('listings.messages.loadFailed')}
          action={
            <Button onClick={() => void result.refetch()}>{t('listings.messages.retry')}</Button>
          }
        />
      ) : (
        <Table<ListingRow>
          rowKey="id"
          loading={result.isFetching}
          dataSource={result.data?.list ?? []}
          scroll={shown.scroll}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => onSelect(keys.map(Number)),
          }}
          locale={{ emptyText: <Empty description={props.emptyText} /> }}
          onChange={props.onSort}
          pagination={
            pagination && {
              current: pagination.page,
              pageSize: pagination.size,
              total: pagination.total,
              showSizeChanger: true,
              showTotal: (total) => t('listings.messages.total', { total }),
              onChange: (page, size) => props.onPage(size === props.page.size ? page : 1, size),
            }
          }
          columns={shown.columns}
        />
      )}
      {props.children}
    </Card>
  );
}
