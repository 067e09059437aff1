import { useState } from 'react';
import { Alert, Button, Empty, Image, Input, Space, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, permOf, type ShopeePack, type ShopeePackListQuery } from '@app/shared';
import { useCan } from '../../../shared/can.tsx';
import { IconAction } from '../../../shared/ui/icon-action.tsx';
import { usePacks } from '../api/shopee-orders.ts';
import { PackDialog } from './pack-dialog.tsx';

const FIRST_PAGE: ShopeePackListQuery = { page: 1, limit: 20 };

/** The Packs tab: the seller's packs with search, and the create/edit dialog. */
export function PacksPanel({
  newPackOrders,
  onDialogClosed,
}: {
  /** Orders handed over from the Orders tab: opens the create dialog with them. */
  newPackOrders: number[] | null;
  onDialogClosed: () => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<ShopeePackListQuery>(FIRST_PAGE);
  const [editing, setEditing] = useState<ShopeePack | 'new' | null>(null);
  const result = usePacks(query);
  const canPack = useCan(permOf('/newOrder/shopee', 'pack'));
  const pagination = result.data?.pagination;
  const dialogOpen = editing !== null || newPackOrders !== null;

  return (
    <>
      <div className="shopee-toolbar">
        <Space wrap>
          <Input.Search
            allowClear
            style={{ width: 260 }}
            placeholder={t('shopeeOrders.packs.search')}
            aria-label={t('shopeeOrders.packs.search')}
            onSearch={(value) =>
              setQuery({ ...FIRST_PAGE, tracking_no: value.trim() || undefined })
            }
          />
          {canPack && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('shopeeOrders.packs.add')}
            </Button>
          )}
        </Space>
      </div>
      {result.isError ? (
        <Alert type="error" showIcon title={t('shopeeOrders.loadFailed')} />
      ) : (
        <Table<ShopeePack>
          rowKey="id"
          size="middle"
          loading={result.isFetching}
          dataSource={result.data?.list ?? []}
          locale={{ emptyText: <Empty description={t('shopeeOrders.packs.empty')} /> }}
          pagination={
            pagination && {
              current: pagination.page,
              pageSize: pagination.size,
              total: pagination.total,
              showTotal: (total) => t('shopeeOrders.packs.total', { total }),
              onChange: (page, size) => setQuery({ ...query, page, limit: size }),
            }
          }
          columns={[
            { key: 'id', title: '#', dataIndex: 'id', width: 70 },
            { key: 'store', title: t('shopeeOrders.packs.store'), dataIndex: 'store_name' },
            {
              key: 'tracking',
              title: t('shopeeOrders.packs.tracking'),
              dataIndex: 'tracking_no',
              width: 170,
            },
            {
              key: 'orders',
              title: t('shopeeOrders.packs.orders'),
              render: (_, p) => (
                <Space size={[0, 4]} wrap>
                  {p.orders.slice(0, 3).map((o) => (
                    <Tag key={o.id}>{o.seller_order_id}</Tag>
                  ))}
                  {p.orders.length > 3 && (
                    <Tag>{t('shopeeOrders.packs.count', { count: p.orders.length })}</Tag>
                  )}
                </Space>
              ),
            },
            {
              key: 'images',
              title: t('shopeeOrders.packs.images'),
              width: 170,
              render: (_, p) => (
                <Image.PreviewGroup>
                  <Space size={4}>
                    {p.iamges.slice(0, 3).map((image) => (
                      <Image key={image.key} src={image.url} width={40} height={40} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              ),
            },
            { key: 'note', title: t('shopeeOrders.packs.note'), dataIndex: 'note', ellipsis: true },
            {
              key: 'updated',
              title: t('shopeeOrders.packs.updated'),
              width: 170,
              render: (_, p) => formatTimestamp(p.updated_at),
            },
            {
              key: 'actions',
              title: t('shopeeOrders.packs.actions'),
              width: 80,
              render: (_, p) =>
                canPack && (
                  <IconAction
                    label={t('shopeeOrders.packs.edit')}
                    icon={<EditOutlined />}
                    onClick={() => setEditing(p)}
                  />
                ),
            },
          ]}
        />
      )}
      {dialogOpen && (
        <PackDialog
          pack={editing === 'new' || editing === null ? null : editing}
          orderIds={newPackOrders ?? []}
          onClose={() => {
            setEditing(null);
            onDialogClosed();
          }}
        />
      )}
    </>
  );
}
