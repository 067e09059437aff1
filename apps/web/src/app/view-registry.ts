import {
  createElement,
  type ComponentType,
  type LazyExoticComponent,
  type ReactElement,
} from 'react';
import { lazyPage } from '../shared/lazy-page.ts';
import type { ViewProps } from '../shared/view-props.ts';

/** A page, and its loader so the router can fetch it before the layout renders it. */
type View = LazyExoticComponent<ComponentType<ViewProps>> & { load: () => Promise<unknown> };

function view<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return Object.assign(lazyPage(load, name), { load });
}

/**
 * The one map from a menu's `viewPath` to the page that renders it. View paths the server
 * sends but this build has no page for render the "being built" page instead.
 */
const VIEWS: Record<string, View> = {
  'home/index': view(() => import('../features/home/pages/home-page.tsx'), 'HomePage'),
  // Statistics (issue 23): each page lazy, so ECharts loads with these pages only.
  'my/statistics': view(
    () => import('../features/statistics/pages/statistics-page.tsx'),
    'StatisticsPage',
  ),
  'my/storestatistics': view(
    () => import('../features/statistics/pages/store-statistics-page.tsx'),
    'StoreStatisticsPage',
  ),
  'my/statisticsorders': view(
    () => import('../features/statistics/pages/series-pages.tsx'),
    'StatisticsOrdersPage',
  ),
  'my/salesstatistics': view(
    () => import('../features/statistics/pages/series-pages.tsx'),
    'SalesStatisticsPage',
  ),
  'my/productstatistics': view(
    () => import('../features/statistics/pages/product-statistics-page.tsx'),
    'ProductStatisticsPage',
  ),
  'my/orderdata': view(
    () => import('../features/statistics/pages/order-data-page.tsx'),
    'OrderDataPage',
  ),
  'goods/producthouse': view(
    () => import('../features/goods-library/pages/product-house-page.tsx'),
    'ProductHousePage',
  ),
  'goods/producthousedetail': view(
    () => import('../features/goods-library/pages/product-house-detail-page.tsx'),
    'ProductHouseDetailPage',
  ),
  'goods/design': view(
    () => import('../features/design/pages/design-page.tsx'),
    'ConsoleDesignPage',
  ),
  'goods/collect': view(() => import('../features/goods/pages/collect-page.tsx'), 'CollectPage'),
  'goods/producthouseedit': view(
    () => import('../features/goods/pages/product-edit-page.tsx'),
    'ProductEditPage',
  ),
  'goods/producthouseg': view(
    () => import('../features/goods/pages/shared-library-page.tsx'),
    'SharedLibraryPage',
  ),
  'goods/producthousedetailg': view(
    () => import('../features/goods/pages/shared-detail-page.tsx'),
    'SharedDetailPage',
  ),
  'goods/myporducthowse': view(
    () => import('../features/goods/pages/favourites-page.tsx'),
    'FavouritesPage',
  ),
  'goods/relativegoods': view(
    () => import('../features/goods/pages/relative-goods-page.tsx'),
    'RelativeGoodsPage',
  ),
  'goods/materialmmt': view(
    () => import('../features/materials/pages/material-mmt-page.tsx'),
    'MaterialMmtPage',
  ),
  'goods/shoppingcart': view(
    () => import('../features/cart/pages/shopping-cart-page.tsx'),
    'ShoppingCartPage',
  ),
  'goods/checkout': view(() => import('../features/cart/pages/checkout-page.tsx'), 'CheckoutPage'),
  'goods/template': view(
    () => import('../features/templates/pages/template-page.tsx'),
    'TemplatePage',
  ),
  'goods/pricetemplate': view(
    () => import('../features/templates/pages/price-template-page.tsx'),
    'PriceTemplatePage',
  ),
  'goods/picturezip': view(
    () => import('../features/goods/pages/picture-zip-page.tsx'),
    'PictureZipPage',
  ),
  'goods/upc': view(() => import('../features/upc/pages/upc-page.tsx'), 'UpcPage'),
  'goods/collectyun': view(
    () => import('../features/listings/pages/collectyun-page.tsx'),
    'CollectyunPage',
  ),
  'goods/shopifyyun': view(
    () => import('../features/listings/pages/shopifyyun-page.tsx'),
    'ShopifyyunPage',
  ),
  'goods/temuyun': view(() => import('../features/listings/pages/temuyun-page.tsx'), 'TemuyunPage'),
  'goods/shopeeyun': view(
    () => import('../features/listings/pages/shopeeyun-page.tsx'),
    'ShopeeyunPage',
  ),
  'goods/collectyunedit': view(
    () => import('../features/listings/pages/listing-editor-page.tsx'),
    'ListingEditorPage',
  ),
  'goods/multistation': view(
    () => import('../features/listings/pages/multistation-page.tsx'),
    'MultistationPage',
  ),
  'neworder/fbashipments': view(
    () => import('../features/fba/pages/fba-shipments-page.tsx'),
    'FbaShipmentsPage',
  ),
  'neworder/fbashipmentsadd': view(
    () => import('../features/fba/pages/fba-add-page.tsx'),
    'FbaAddPage',
  ),
  // Rebuild is the wizard started from a cancelled plan (`?from=`).
  'neworder/fbashipmentsrebuild': view(
    () => import('../features/fba/pages/fba-add-page.tsx'),
    'FbaAddPage',
  ),
  'neworder/fbashipmentsedit': view(
    () => import('../features/fba/pages/fba-edit-page.tsx'),
    'FbaEditPage',
  ),
  'neworder/fbashipmentsdetail': view(
    () => import('../features/fba/pages/fba-detail-page.tsx'),
    'FbaDetailPage',
  ),
  'neworder/inventorycheck': view(
    () => import('../features/inventory/pages/inventory-page.tsx'),
    'InventoryPage',
  ),
  'neworder/shopee': view(
    () => import('../features/shopee-orders/pages/shopee-orders-page.tsx'),
    'ShopeeOrdersPage',
  ),
  'market/index': view(
    () => import('../features/markets/pages/market-index-page.tsx'),
    'MarketIndexPage',
  ),
  'my/accountpay': view(
    () => import('../features/finance/pages/account-pay-page.tsx'),
    'AccountPayPage',
  ),
  'my/recharge': view(() => import('../features/finance/pages/recharge-page.tsx'), 'RechargePage'),
  'my/consume': view(() => import('../features/finance/pages/consume-page.tsx'), 'ConsumePage'),
  'my/freezerecords': view(
    () => import('../features/finance/pages/freeze-records-page.tsx'),
    'FreezeRecordsPage',
  ),
  'my/platformbill': view(
    () => import('../features/finance/pages/platform-bill-page.tsx'),
    'PlatformBillPage',
  ),
  'my/newinfo': view(() => import('../features/my/pages/new-info-page.tsx'), 'NewInfoPage'),
  neworder: view(() => import('../features/orders/pages/order-desk-page.tsx'), 'OrderDeskPage'),
  'neworder/fbaorder': view(
    () => import('../features/orders/pages/fba-order-page.tsx'),
    'FbaOrderPage',
  ),
  'neworder/labels': view(
    () => import('../features/order-documents/pages/labels-page.tsx'),
    'LabelsPage',
  ),
  'neworder/declaration': view(
    () => import('../features/order-documents/pages/declaration-page.tsx'),
    'DeclarationPage',
  ),
  'neworder/relation': view(
    () => import('../features/order-documents/pages/relation-page.tsx'),
    'RelationPage',
  ),
  'neworder/updatelogistics': view(
    () => import('../features/order-documents/pages/update-logistics-page.tsx'),
    'UpdateLogisticsPage',
  ),
  'neworder/import': view(
    () => import('../features/order-transfer/pages/order-import-page.tsx'),
    'OrderImportPage',
  ),
  'neworder/logistics': view(
    () => import('../features/orders/pages/order-logistics-page.tsx'),
    'OrderLogisticsPage',
  ),
  'neworder/cancellation': view(
    () => import('../features/orders/pages/order-cancellation-page.tsx'),
    'OrderCancellationPage',
  ),
  'neworder/settlement': view(
    () => import('../features/orders/pages/order-settlement-page.tsx'),
    'OrderSettlementPage',
  ),
  'subaccount/admin': view(() => import('../features/team/pages/admin-page.tsx'), 'AdminPage'),
  'subaccount/serviceinfo': view(
    () => import('../features/team/pages/service-info-page.tsx'),
    'ServiceInfoPage',
  ),
  'subaccount/role': view(() => import('../features/team/pages/role-page.tsx'), 'RolePage'),
  'subaccount/staff': view(() => import('../features/team/pages/staff-page.tsx'), 'StaffPage'),
  'subaccount/visitlog': view(
    () => import('../features/team/pages/visit-log-page.tsx'),
    'VisitLogPage',
  ),
  'subaccount/audit': view(() => import('../features/team/pages/audit-page.tsx'), 'AuditPage'),
  'my/logout': view(() => import('../features/my/pages/logout-page.tsx'), 'LogoutPage'),
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

/** Starts loading the page for `viewPath` (its chunk and theirs) without rendering it. */
export function loadView(viewPath: string): Promise<unknown> | undefined {
  return VIEWS[normalizeViewPath(viewPath)]?.load();
}
