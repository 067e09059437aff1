import { cartEn } from '../../features/cart/i18n-en.ts';
import { cartZhCN } from '../../features/cart/i18n-zh-cn.ts';
import { fbaEn } from '../../features/fba/i18n-en.ts';
import { inventoryEn } from '../../features/inventory/i18n-en.ts';
import { inventoryZhCN } from '../../features/inventory/i18n-zh-cn.ts';
import { fbaZhCN } from '../../features/fba/i18n-zh-cn.ts';
import { financeEn } from '../../features/finance/i18n-en.ts';
import { financeZhCN } from '../../features/finance/i18n-zh-cn.ts';
import { goodsEn } from '../../features/goods/i18n-en.ts';
import { goodsZhCN } from '../../features/goods/i18n-zh-cn.ts';
import { goodsLibraryEn } from '../../features/goods-library/i18n-en.ts';
import { goodsLibraryZhCN } from '../../features/goods-library/i18n-zh-cn.ts';
import { listingsEn } from '../../features/listings/i18n-en.ts';
import { listingsZhCN } from '../../features/listings/i18n-zh-cn.ts';
import { multistationEn } from '../../features/listings/i18n-multistation-en.ts';
import { multistationZhCN } from '../../features/listings/i18n-multistation-zh-cn.ts';
import { shopifyListingsEn } from '../../features/listings/i18n-shopify-en.ts';
import { shopifyListingsZhCN } from '../../features/listings/i18n-shopify-zh-cn.ts';
import {
  marketEditorEn,
  shopeeListingsEn,
  temuListingsEn,
} from '../../features/listings/i18n-market-en.ts';
import {
  marketEditorZhCN,
  shopeeListingsZhCN,
  temuListingsZhCN,
} from '../../features/listings/i18n-market-zh-cn.ts';
import { notificationsEn } from '../../features/notifications/i18n-en.ts';
import { notificationsZhCN } from '../../features/notifications/i18n-zh-cn.ts';
import { marketsEn } from '../../features/markets/i18n-en.ts';
import { marketsZhCN } from '../../features/markets/i18n-zh-cn.ts';
import { materialsEn } from '../../features/materials/i18n-en.ts';
import { materialsZhCN } from '../../features/materials/i18n-zh-cn.ts';
import { orderDocumentsEn } from '../../features/order-documents/i18n-en.ts';
import { orderDocumentsZhCN } from '../../features/order-documents/i18n-zh-cn.ts';
import { orderTransferEn } from '../../features/order-transfer/i18n-en.ts';
import { orderTransferZhCN } from '../../features/order-transfer/i18n-zh-cn.ts';
import { ordersEn } from '../../features/orders/i18n-en.ts';
import { ordersZhCN } from '../../features/orders/i18n-zh-cn.ts';
import { shopeeOrdersEn } from '../../features/shopee-orders/i18n-en.ts';
import { statisticsEn } from '../../features/statistics/i18n-en.ts';
import { statisticsZhCN } from '../../features/statistics/i18n-zh-cn.ts';
import { shopeeOrdersZhCN } from '../../features/shopee-orders/i18n-zh-cn.ts';
import { teamEn } from '../../features/team/i18n-en.ts';
import { teamZhCN } from '../../features/team/i18n-zh-cn.ts';
import { templatesEn } from '../../features/templates/i18n-en.ts';
import { templatesZhCN } from '../../features/templates/i18n-zh-cn.ts';
import { upcEn } from '../../features/upc/i18n-en.ts';
import { upcZhCN } from '../../features/upc/i18n-zh-cn.ts';
import { consoleEn } from '../../shared/i18n/console-en.ts';
import { consoleZhCN } from '../../shared/i18n/console-zh-cn.ts';

/**
 * The signed-in console's texts: the frame's own and each console feature's, under the feature's
 * key. The app gathers them (shared code never imports a feature) into one bundle that loads with
 * the layout, so the login page does not carry them.
 */
export const consoleTextsZhCN = {
  ...consoleZhCN,
  goodsLibrary: goodsLibraryZhCN,
  goods: goodsZhCN,
  materials: materialsZhCN,
  markets: marketsZhCN,
  templates: templatesZhCN,
  upc: upcZhCN,
  shopeeOrders: shopeeOrdersZhCN,
  fba: fbaZhCN,
  inventory: inventoryZhCN,
  listings: listingsZhCN,
  multistation: multistationZhCN,
  shopifyListings: shopifyListingsZhCN,
  temuListings: temuListingsZhCN,
  shopeeListings: shopeeListingsZhCN,
  marketEditor: marketEditorZhCN,
  cart: cartZhCN,
  orders: ordersZhCN,
  orderTransfer: orderTransferZhCN,
  finance: financeZhCN,
  orderDocuments: orderDocumentsZhCN,
  team: teamZhCN,
  notifications: notificationsZhCN,
  statistics: statisticsZhCN,
};

export const consoleTextsEn: typeof consoleTextsZhCN = {
  ...consoleEn,
  goodsLibrary: goodsLibraryEn,
  goods: goodsEn,
  materials: materialsEn,
  markets: marketsEn,
  templates: templatesEn,
  upc: upcEn,
  shopeeOrders: shopeeOrdersEn,
  fba: fbaEn,
  inventory: inventoryEn,
  listings: listingsEn,
  multistation: multistationEn,
  shopifyListings: shopifyListingsEn,
  temuListings: temuListingsEn,
  shopeeListings: shopeeListingsEn,
  marketEditor: marketEditorEn,
  cart: cartEn,
  orders: ordersEn,
  orderTransfer: orderTransferEn,
  finance: financeEn,
  orderDocuments: orderDocumentsEn,
  team: teamEn,
  notifications: notificationsEn,
  statistics: statisticsEn,
};
