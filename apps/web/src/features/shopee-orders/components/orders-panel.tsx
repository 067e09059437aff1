import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Space, Table, Typography } from 'antd';
import { DisconnectOutlined, LinkOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { permOf, type ShopeeOrder, type ShopeeOrderIndexQuery } from '@app/shared';
import { useCan } from '../../../shared/can.tsx';
import { shopeeKeys, synchroOrders, useShopeeOrders } from '../api/shopee-orders.ts';
import { SyncOrdersButton } from '../../orders/index.ts';
import { FirstMileDialog, NoteDialog, ShipDialog } from './order-dialogs.tsx';
import { orderColumns } from './order-columns.tsx';
import { OrdersFilters } from './orders-filters.tsx';
import { useOrderActions } from './use-order-actions.ts';

const PAGE = '/newOrder/shopee';
const FIRST_PAGE: ShopeeOrderIndexQuery = { page: 1, limit: 20 };

type Dialog =
  { kind: 'note' | 'ship'; order: ShopeeOrder } | { kind: 'bind'; orders: ShopeeOrder[] } | null;

/** The Orders tab: filters, the Shopee order table, row and batch actions. */
export function OrdersPanel({ onPack }: { onPack: (orderIds: number[]) => void }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState<ShopeeOrderIndexQuery>(FIRST_PAGE);
  const [selected, setSelected] = useState<ShopeeOrder[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const result = useShopeeOrders(query);
  const client = useQueryClient();
  const canUpdate = useCan(permOf(PAGE, 'update'));
  const canLogistics = useCan(permOf(PAGE, 'logistics'));
  const canPack = useCan(permOf(PAGE, 'pack'));
  const actions = useOrderActions({
    onChanged: () => void result.refetch(),
    onUnbound: () => setSelected([]),
  });
  const pagination = result.data?.pagination;
  const filtered = Object.keys(query).some((k) => !['page', 'limit'].includes(k));

  const columns = orderColumns(t, i18n.language, {
    canUpdate,
    canLogistics,
    printing: actions.printing,
    note: (order) => setDialog({ kind: 'note', order }),
    ship: (order) => setDialog({ kind: 'ship', order }),
    print: (order) => void actions.print(order),
    bind: (order) => setDialog({ kind: 'bind', orders: [order] }),
    unbind: (order) => actions.askUnbind([order]),
    addToCart: (order) => actions.addToCart([order]),
  });

  return (
    <>
      <OrdersFilters
        onSearch={(filters) => {
          setSelected([]);
          setQuery({ ...FIRST_PAGE, limit: query.limit, ...filters });
        }}
      />

      <div className="shopee-toolbar">
        <Space wrap>
          {canUpdate && (
            <SyncOrdersButton
              primary
              queue={() => synchroOrders()}
              onDone={() => client.invalidateQueries({ queryKey: shopeeKeys.orders() })}
            />
          )}
          {selected.length > 0 && (
            <>
              <Typography.Text type="secondary">
                {t('shopeeOrders.selected', { count: selected.length })}
              </Typography.Text>
              {canLogistics && (
                <Button
                  icon={<LinkOutlined />}
                  onClick={() =>
                    actions.oneStore(selected) && setDialog({ kind: 'bind', orders: selected })
                  }
                >
                  {t('shopeeOrders.actions.bind')}
                </Button>
              )}
              {canLogistics && (
                <Button icon={<DisconnectOutlined />} onClick={() => actions.askUnbind(selected)}>
                  {t('shopeeOrders.actions.unbind')}
                </Button>
              )}
              {canUpdate && (
                <Button
                  icon={<ShoppingCartOutlined />}
                  loading={actions.adding}
                  onClick={() => actions.addToCart(selected)}
                >
                  {t('shopeeOrders.actions.cart')}
                </Button>
              )}
              {canPack && (
                <Button onClick={() => onPack(selected.map((o) => o.id))}>
                  {t('shopeeOrders.actions.pack')}
                </Button>
              )}
            </>
          )}
        </Space>
      </div>

      {result.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('shopeeOrders.loadFailed')}
          action={
            <Button size="small" onClick={() => void result.refetch()}>
              {t('shopeeOrders.retry')}
            </Button>
          }
        />
      ) : (
        <Table<ShopeeOrder>
          rowKey="id"
          size="middle"
          scroll={{ x: 1600 }}
          loading={result.isFetching}
          dataSource={result.data?.list ?? []}
          rowSelection={{
            selectedRowKeys: selected.map((o) => o.id),
            onChange: (_, rows) => setSelected(rows),
          }}
          locale={{
            emptyText: (
              <Empty
                description={t(filtered ? 'shopeeOrders.emptyFiltered' : 'shopeeOrders.empty')}
              />
            ),
          }}
          pagination={
            pagination && {
              current: pagination.page,
              pageSize: pagination.size,
              total: pagination.total,
              showSizeChanger: true,
              showTotal: (total) => t('shopeeOrders.total', { total }),
              onChange: (page, size) =>
                setQuery({ ...query, page: size === query.limit ? page : 1, limit: size }),
            }
          }
          columns={columns}
        />
      )}
      {dialog?.kind === 'note' && (
        <NoteDialog order={dialog.order} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'ship' && (
        <ShipDialog order={dialog.order} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'bind' && (
        <FirstMileDialog
          orders={dialog.orders}
          onClose={() => {
            setDialog(null);
            setSelected([]);
          }}
        />
      )}
    </>
  );
}
