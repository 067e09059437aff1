import { useState } from 'react';
import { Alert, Button, Empty, Select, Space, Table, Tag } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  formatTimestamp,
  permOf,
  SHOPEE_LOGISTICS_LIMIT,
  type ShopeeLogisticsChannel,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import {
  synchroChannels,
  useLogisticsChannels,
  useShopeeMutation,
  useShopeeStores,
} from '../api/shopee-orders.ts';

/** The Logistics channels tab: each store's cached channels and the button that refreshes them. */
export function ChannelsPanel() {
  const { t } = useTranslation();
  const stores = useShopeeStores();
  const [marketId, setMarketId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const result = useLogisticsChannels({ market_id: marketId, page });
  const sync = useShopeeMutation(synchroChannels);
  const canSync = useCan(permOf('/newOrder/shopee', 'logistics'));
  const yesNo = (value: boolean) =>
    value ? (
      <Tag color="green">{t('shopeeOrders.channels.yes')}</Tag>
    ) : (
      <Tag>{t('shopeeOrders.channels.no')}</Tag>
    );

  return (
    <>
      <div className="shopee-toolbar">
        <Space wrap>
          <Select
            allowClear
            aria-label={t('shopeeOrders.channels.store')}
            style={{ width: 200 }}
            placeholder={t('shopeeOrders.channels.chooseStore')}
            loading={stores.isLoading}
            value={marketId}
            onChange={(value?: number) => {
              setMarketId(value);
              setPage(1);
            }}
            options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.alias }))}
          />
          {canSync && (
            <Button
              type="primary"
              icon={<SyncOutlined spin={sync.isPending} />}
              loading={sync.isPending}
              onClick={() => {
                if (marketId === undefined) {
                  feedback.warning(t('shopeeOrders.channels.needStore'));
                  return;
                }
                sync.mutate(marketId, {
                  onSuccess: (answer) =>
                    feedback.success(t('shopeeOrders.channels.synced', { count: answer.count })),
                  onError: (error) => reportError(error),
                });
              }}
            >
              {t('shopeeOrders.channels.sync')}
            </Button>
          )}
        </Space>
      </div>
      {result.isError ? (
        <Alert type="error" showIcon title={t('shopeeOrders.loadFailed')} />
      ) : (
        <Table<ShopeeLogisticsChannel>
          rowKey="id"
          size="middle"
          loading={result.isFetching}
          dataSource={result.data?.list ?? []}
          locale={{ emptyText: <Empty description={t('shopeeOrders.channels.empty')} /> }}
          pagination={
            result.data && result.data.pagination.total > SHOPEE_LOGISTICS_LIMIT
              ? {
                  current: page,
                  pageSize: SHOPEE_LOGISTICS_LIMIT,
                  total: result.data.pagination.total,
                  showSizeChanger: false,
                  onChange: setPage,
                }
              : false
          }
          columns={[
            { key: 'store', title: t('shopeeOrders.channels.store'), dataIndex: 'market_alias' },
            {
              key: 'id',
              title: t('shopeeOrders.channels.id'),
              dataIndex: 'logistics_channel_id',
              width: 120,
            },
            {
              key: 'name',
              title: t('shopeeOrders.channels.name'),
              dataIndex: 'logistics_channel_name',
            },
            {
              key: 'enabled',
              title: t('shopeeOrders.channels.enabled'),
              width: 100,
              render: (_, c) => yesNo(c.enabled),
            },
            {
              key: 'cod',
              title: t('shopeeOrders.channels.cod'),
              width: 130,
              render: (_, c) => yesNo(c.cod_enabled),
            },
            {
              key: 'fee',
              title: t('shopeeOrders.channels.feeType'),
              dataIndex: 'fee_type',
              width: 130,
            },
            {
              key: 'synced',
              title: t('shopeeOrders.channels.syncedAt'),
              width: 170,
              render: (_, c) => formatTimestamp(c.synced_at),
            },
          ]}
        />
      )}
    </>
  );
}
