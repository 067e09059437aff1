import { Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Form, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Order, OrderListFilter } from '@app/shared';
import { useLogisticsChannels, useOrderList, type OrderListEndpoint } from '../api/orders.ts';
import { DESK_TABS, formatTabCount, QUERY_DEFAULTS, statusOfTab, tabOf } from '../order-query.ts';
import { OrderFilters, pendingFilters, type FilterValues } from './order-filters.tsx';
import { OrderTable, type OrderSort } from './order-table.tsx';
import { useOrderQuery } from './use-order-query.ts';
import { lazyPage } from '../../../shared/lazy-page.ts';

// The drawer (and the dialogs, steps and timeline it carries) loads when an order is first opened.
const OrderDrawer = lazyPage(() => import('./order-drawer.tsx'), 'OrderDrawer');

interface OrderListViewProps {
  pagePath: string;
  endpoint: OrderListEndpoint;
  readOnly?: boolean;
  hiddenFilters?: ReadonlyArray<keyof OrderListFilter>;
  /** Filters the page starts from (kept out of the URL); stable, e.g. a module constant. */
  defaults?: Partial<OrderListFilter>;
  /** Shown above the tabs for the current query (e.g. what a filter means). */
  notice?: (query: OrderListFilter) => ReactNode;
  /** The batch toolbar for the selected orders (the desk's); none means no selection. */
  toolbar?: (selected: Order[], clear: () => void, query: OrderListFilter) => ReactNode;
  /** What an empty, unfiltered list shows. */
  emptyAction?: ReactNode;
}

/**
 * The order list the desk and the FBA list share: status tabs with counts, spec 3's filters
 * and the sort in the URL, the table with paging, and the order drawer.
 */
export function OrderListView({
  pagePath,
  endpoint,
  readOnly = false,
  hiddenFilters,
  defaults,
  notice,
  toolbar,
  emptyAction,
}: OrderListViewProps) {
  const { t, i18n } = useTranslation();
  const { query, setQuery, openId, setOpenId, active } = useOrderQuery(pagePath, defaults);
  const [cursor, setCursor] = useState<{ cursor: string; offset: number } | null>(null);
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const channels = useLogisticsChannels();
  const [filterForm] = Form.useForm<FilterValues>();
  // Mounted from the first opening on, so closing still slides the drawer out.
  const [drawerWanted, setDrawerWanted] = useState(openId !== null);
  if (openId !== null && !drawerWanted) setDrawerWanted(true);
  const request = cursor ? { ...query, page: 1, cursor: cursor.cursor } : query;
  const list = useOrderList(endpoint, request, active);
  const page = list.data;
  // The selected rows as the list shows them now, so their allowed actions are current.
  const selected = (page?.list ?? []).filter((o) => selectedIds.includes(o.id));
  const setSelected = (orders: Order[]) => setSelectedIds(orders.map((o) => o.id));

  const go = (next: Partial<OrderListFilter>) => {
    setCursor(null);
    setSelectedIds([]);
    setQuery(next);
  };
  const keep = {
    status: query.status,
    orderBy_field: query.orderBy_field,
    orderBy_type: query.orderBy_type,
    limit: query.limit,
  };
  const filtered = Object.entries(query).some(
    ([key, value]) =>
      value !== undefined &&
      !(key in QUERY_DEFAULTS) &&
      value !== defaults?.[key as keyof OrderListFilter] &&
      key !== 'status' &&
      !(hiddenFilters ?? []).includes(key as keyof OrderListFilter),
  );

  const empty = filtered ? (
    <Empty description={t('orders.empty.filtered')} />
  ) : (
    <Empty description={t('orders.empty.description')}>{emptyAction}</Empty>
  );

  return (
    <div className="orders-list-view">
      <OrderFilters
        form={filterForm}
        value={query}
        hidden={hiddenFilters}
        onSearch={(filters) => go({ ...filters, ...keep })}
      />
      {notice?.(query)}
      <Tabs
        className="orders-tabs"
        activeKey={tabOf(query.status)}
        onChange={(key) =>
          go({
            ...query,
            ...pendingFilters(filterForm),
            page: 1,
            status: statusOfTab(key as (typeof DESK_TABS)[number]),
          })
        }
        items={DESK_TABS.map((tab) => ({
          key: tab,
          label: (
            <span>
              {t(`orders.tabs.${tab}`)}
              {page && (
                <span className="orders-tab-count">
                  {' '}
                  ({formatTabCount(page, tab, i18n.language)})
                </span>
              )}
            </span>
          ),
        }))}
      />
      {toolbar && (
        <div className="orders-toolbar">
          {toolbar(selected, () => setSelected([]), query)}
          {selected.length > 0 && (
            <Space className="orders-selection">
              <span>{t('orders.selected', { count: selected.length })}</span>
              <Button size="small" type="link" onClick={() => setSelected([])}>
                {t('orders.clearSelection')}
              </Button>
            </Space>
          )}
        </div>
      )}
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('orders.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('orders.retry')}
            </Button>
          }
        />
      ) : (
        <OrderTable
          page={page}
          loading={list.isFetching}
          sort={{ field: query.orderBy_field, direction: query.orderBy_type }}
          onSort={(sort: OrderSort) =>
            go({ ...query, page: 1, orderBy_field: sort.field, orderBy_type: sort.direction })
          }
          onPage={(to) => {
            if ('cursor' in to) {
              const size = page?.pagination.size ?? query.limit;
              const offset = cursor ? cursor.offset + size : (page?.pagination.page ?? 1) * size;
              setSelectedIds([]);
              setCursor({ cursor: to.cursor, offset });
            } else go({ ...query, page: to.page, limit: to.limit });
          }}
          cursorOffset={cursor?.offset ?? null}
          onFirstPage={() => go({ ...query, page: 1 })}
          onOpen={(order) => setOpenId(order.id)}
          channels={channels.data}
          selectedIds={toolbar ? selected.map((o) => o.id) : undefined}
          onSelect={toolbar ? setSelected : undefined}
          empty={empty}
        />
      )}
      {drawerWanted && (
        <Suspense fallback={null}>
          <OrderDrawer orderId={openId} onClose={() => setOpenId(null)} readOnly={readOnly} />
        </Suspense>
      )}
    </div>
  );
}
