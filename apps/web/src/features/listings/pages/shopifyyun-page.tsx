import type { ViewProps } from '../../../shared/view-props.ts';
import { shopifyApi } from '../api/shopify.ts';
import { ShopifyEditor } from '../components/shopify/shopify-editor.tsx';
import {
  MarketWarehouse,
  type WarehouseMarketConfig,
} from '../components/warehouse/market-warehouse.tsx';

export const SHOPIFY_LISTINGS_PATH = '/goods/shopifyyun';

const SHOPIFY: WarehouseMarketConfig = {
  api: shopifyApi,
  ns: 'shopifyListings',
  path: SHOPIFY_LISTINGS_PATH,
  Editor: ShopifyEditor,
};

/** /goods/shopifyyun: the Shopify cloud warehouse. */
export function ShopifyyunPage({ title }: ViewProps) {
  return <MarketWarehouse title={title} market={SHOPIFY} />;
}
