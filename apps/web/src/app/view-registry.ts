import {
  createElement,
  type ComponentType,
  type LazyExoticComponent,
  type ReactElement,
} from 'react';
import { lazyPage } from '../shared/lazy-page.ts';
import type { ViewProps } from '../shared/view-props.ts';

type View = LazyExoticComponent<ComponentType<ViewProps>>;

/**
 * The one map from a menu's `viewPath` to the page that renders it. View paths the server
 * sends but this build has no page for render the "being built" page instead.
 */
const VIEWS: Record<string, View> = {
  'home/index': lazyPage(() => import('../features/home/pages/home-page.tsx'), 'HomePage'),
  // Statistics (issue 23): each page lazy, so ECharts loads with these pages only.
  'my/statistics': lazyPage(
    () => import('../features/statistics/pages/statistics-page.tsx'),
    'StatisticsPage',
  ),
  'my/storestatistics': lazyPage(
    () => import('../features/statistics/pages/store-statistics-page.tsx'),
    'StoreStatisticsPage',
  ),
  'my/statisticsorders': lazyPage(
    () => import('../features/statistics/pages/series-pages.tsx'),
    'StatisticsOrdersPage',
  ),
  'my/salesstatistics': lazyPage(
    () => import('../features/statistics/pages/series-pages.tsx'),
    'SalesStatisticsPage',
  ),
  'my/productstatistics': lazyPage(
    () => import('../features/statistics/pages/product-statistics-page.tsx'),
    'ProductStatisticsPage',
  ),
  'my/orderdata': lazyPage(
    () => import('../features/statistics/pages/order-data-page.tsx'),
    'OrderDataPage',
  ),
  'goods/producthouse': lazyPage(
    () => import('../features/goods-library/pages/product-house-page.tsx'),
    'ProductHousePage',
  ),
  'goods/producthousedetail': lazyPage(
    () => import('../features/goods-library/pages/product-house-detail-page.tsx'),
    'ProductHouseDetailPage',
  ),
  'goods/design': lazyPage(
    () => import('../features/design/pages/design-page.tsx'),
    'ConsoleDesignPage',
  ),
  'goods/collect': lazyPage(
    () => import('../features/goods/pages/collect-page.tsx'),
    'CollectPage',
  ),
  'goods/producthouseedit': lazyPage(
    () => import('../features/goods/pages/product-edit-page.tsx'),
    'ProductEditPage',
  ),
  'goods/producthouseg': lazyPage(
    () => import('../features/goods/pages/shared-library-page.tsx'),
    'SharedLibraryPage',
  ),
  'goods/producthousedetailg': lazyPage(
    () => import('../features/goods/pages/shared-detail-page.tsx'),
    'SharedDetailPage',
  ),
  'goods/myporducthowse': lazyPage(
    () => import('../features/goods/pages/favourites-page.tsx'),
    'FavouritesPage',
  ),
  'goods/relativegoods': lazyPage(
    () => import('../features/goods/pages/relative-goods-page.tsx'),
    'RelativeGoodsPage',
  ),
  'goods/materialmmt': lazyPage(
    () => import('../features/materials/pages/material-mmt-page.tsx'),
    'MaterialMmtPage',
  ),
  'goods/shoppingcart': lazyPage(
    () => import('../features/cart/pages/shopping-cart-page.tsx'),
    'ShoppingCartPage',
  ),
  'goods/checkout': lazyPage(
    () => import('../features/cart/pages/checkout-page.tsx'),
    'CheckoutPage',
  ),
  'goods/template': lazyPage(
    () => import('../features/templates/pages/template-page.tsx'),
    'TemplatePage',
  ),
  'goods/pricetemplate': lazyPage(
    () => import('../features/templates/pages/price-template-page.tsx'),
    'PriceTemplatePage',
  ),
  'goods/picturezip': lazyPage(
    () => import('../features/goods/pages/picture-zip-page.tsx'),
    'PictureZipPage',
  ),
  'goods/upc': lazyPage(() => import('../features/upc/pages/upc-page.tsx'), 'UpcPage'),
  'goods/collectyun': lazyPage(
    () => import('../features/listings/pages/collectyun-page.tsx'),
    'CollectyunPage',
  ),
  'goods/shopifyyun': lazyPage(
    () => import('../features/listings/pages/shopifyyun-page.tsx'),
    'ShopifyyunPage',
  ),
  'goods/temuyun': lazyPage(
    () => import('../features/listings/pages/temuyun-page.tsx'),
    'TemuyunPage',
  ),
  'goods/shopeeyun': lazyPage(
    () => import('../features/listings/pages/shopeeyun-page.tsx'),
    'ShopeeyunPage',
  ),
  'goods/collectyunedit': lazyPage(
    () => import('../features/listings/pages/listing-editor-page.tsx'),
    'ListingEditorPage',
  ),
  'goods/multistation': lazyPage(
    () => import('../features/listings/pages/multistation-page.tsx'),
    'MultistationPage',
  ),
  'neworder/fbashipments': lazyPage(
    () => import('../features/fba/pages/fba-shipments-page.tsx'),
    'FbaShipmentsPage',
  ),
  'neworder/fbashipmentsadd': lazyPage(
    () => import('../features/fba/pages/fba-add-page.tsx'),
    'FbaAddPage',
  ),
  // Rebuild is the wizard started from a cancelled plan (`?from=`).
  'neworder/fbashipmentsrebuild': lazyPage(
    () => import('../features/fba/pages/fba-add-page.tsx'),
    'FbaAddPage',
  ),
  'neworder/fbashipmentsedit': lazyPage(
    () => import('../features/fba/pages/fba-edit-page.tsx'),
    'FbaEditPage',
  ),
  'neworder/fbashipmentsdetail': lazyPage(
    () => import('../features/fba/pages/fba-detail-page.tsx'),
    'FbaDetailPage',
  ),
  'neworder/inventorycheck': lazyPage(
    () => import('../features/inventory/pages/inventory-page.tsx'),
    'InventoryPage',
  ),
  'neworder/shopee': lazyPage(
    () => import('../features/shopee-orders/pages/shopee-orders-page.tsx'),
    'ShopeeOrdersPage',
  ),
  'market/index': lazyPage(
    () => import('../features/markets/pages/market-index-page.tsx'),
    'MarketIndexPage',
  ),
  'my/accountpay': lazyPage(
    () => import('../features/finance/pages/account-pay-page.tsx'),
    'AccountPayPage',
  ),
  'my/recharge': lazyPage(
    () => import('../features/finance/pages/recharge-page.tsx'),
    'RechargePage',
  ),
  'my/consume': lazyPage(() => import('../features/finance/pages/consume-page.tsx'), 'ConsumePage'),
  'my/freezerecords': lazyPage(
    () => import('../features/finance/pages/freeze-records-page.tsx'),
    'FreezeRecordsPage',
  ),
  'my/platformbill': lazyPage(
    () => import('../features/finance/pages/platform-bill-page.tsx'),
    'PlatformBillPage',
  ),
  'my/newinfo': lazyPage(() => import('../features/my/pages/new-info-page.tsx'), 'NewInfoPage'),
  neworder: lazyPage(() => import('../features/orders/pages/order-desk-page.tsx'), 'OrderDeskPage'),
  'neworder/fbaorder': lazyPage(
    () => import('../features/orders/pages/fba-order-page.tsx'),
    'FbaOrderPage',
  ),
  'neworder/labels': lazyPage(
    () => import('../features/order-documents/pages/labels-page.tsx'),
    'LabelsPage',
  ),
  'neworder/declaration': lazyPage(
    () => import('../features/order-documents/pages/declaration-page.tsx'),
    'DeclarationPage',
  ),
  'neworder/relation': lazyPage(
    () => import('../features/order-documents/pages/relation-page.tsx'),
    'RelationPage',
  ),
  'neworder/updatelogistics': lazyPage(
    () => import('../features/order-documents/pages/update-logistics-page.tsx'),
    'UpdateLogisticsPage',
  ),
  'neworder/import': lazyPage(
    () => import('../features/order-transfer/pages/order-import-page.tsx'),
    'OrderImportPage',
  ),
  'neworder/logistics': lazyPage(
    () => import('../features/orders/pages/order-logistics-page.tsx'),
    'OrderLogisticsPage',
  ),
  'neworder/cancellation': lazyPage(
    () => import('../features/orders/pages/order-cancellation-page.tsx'),
    'OrderCancellationPage',
  ),
  'neworder/settlement': lazyPage(
    () => import('../features/orders/pages/order-settlement-page.tsx'),
    'OrderSettlementPage',
  ),
  'subaccount/admin': lazyPage(() => import('../features/team/pages/admin-page.tsx'), 'AdminPage'),
  'subaccount/serviceinfo': lazyPage(
    () => import('../features/team/pages/service-info-page.tsx'),
    'ServiceInfoPage',
  ),
  'subaccount/role': lazyPage(() => import('../features/team/pages/role-page.tsx'), 'RolePage'),
  'subaccount/staff': lazyPage(() => import('../features/team/pages/staff-page.tsx'), 'StaffPage'),
  'subaccount/visitlog': lazyPage(
    () => import('../features/team/pages/visit-log-page.tsx'),
    'VisitLogPage',
  ),
  'subaccount/audit': lazyPage(() => import('../features/team/pages/audit-page.tsx'), 'AuditPage'),
  'my/logout': lazyPage(() => import('../features/my/pages/logout-page.tsx'), 'LogoutPage'),
};

/** `/views/my/newInfo.vue`, `my/newInfo/` and `my/newInfo` all name the same view. */
export function normalizeViewPath(viewPath: string): string {
  return viewPath
    .trim()
    .replace(/^\/+/, '')
    .replace(/^(src\/)?views\//, '')
    .replace(/\.(vue|tsx|jsx|ts|js)$/, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/** The page for `viewPath`, or null when this build has none. The components are module-level, so state survives re-renders. */
export function renderView(viewPath: string, props: ViewProps): ReactElement | null {
  const view = VIEWS[normalizeViewPath(viewPath)];
  return view ? createElement(view, props) : null;
}
