import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ViewProps } from '../../../shared/view-props.ts';
import { ChannelsPanel } from '../components/channels-panel.tsx';
import { OrdersPanel } from '../components/orders-panel.tsx';
import { PacksPanel } from '../components/packs-panel.tsx';
import '../shopee-orders.css';

/** /newOrder/shopee: Shopee orders with their logistics, the stores' channels, and packs. */
export function ShopeeOrdersPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState('orders');
  const [packOrders, setPackOrders] = useState<number[] | null>(null);
  return (
    <Card className="page-card shopee-orders-page" variant="borderless" title={title}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'orders',
            label: t('shopeeOrders.tabs.orders'),
            children: (
              <OrdersPanel
                onPack={(ids) => {
                  setPackOrders(ids);
                  setTab('packs');
                }}
              />
            ),
          },
          {
            key: 'channels',
            label: t('shopeeOrders.tabs.channels'),
            children: <ChannelsPanel />,
          },
          {
            key: 'packs',
            label: t('shopeeOrders.tabs.packs'),
            children: (
              <PacksPanel newPackOrders={packOrders} onDialogClosed={() => setPackOrders(null)} />
            ),
          },
        ]}
      />
    </Card>
  );
}
