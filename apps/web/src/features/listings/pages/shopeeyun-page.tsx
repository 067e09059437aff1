import type { Listing } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { shopeeApi } from '../api/shopee.ts';
import { MarketEditor } from '../components/warehouse/market-editor.tsx';
import {
  MarketWarehouse,
  type WarehouseMarketConfig,
} from '../components/warehouse/market-warehouse.tsx';
import { ShopeeSyncButton } from '../components/warehouse/shopee-sync-button.tsx';

const SHOPEE: WarehouseMarketConfig = {
  api: shopeeApi,
  ns: 'shopeeListings',
  path: '/goods/shopeeyun',
  Editor: (props: { id: number; onClose: () => void; onPublish: (l: Listing) => void }) => (
    <MarketEditor api={shopeeApi} {...props} />
  ),
  toolbar: ({ storeId }) => <ShopeeSyncButton storeId={storeId} />,
};

/** /goods/shopeeyun: the Shopee cloud warehouse, with synchronisation of the shop's items. */
export function ShopeeyunPage({ title }: ViewProps) {
  return <MarketWarehouse title={title} market={SHOPEE} />;
}
