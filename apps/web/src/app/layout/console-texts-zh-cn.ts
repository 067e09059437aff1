import {
  marketEditorZhCN,
  shopeeListingsZhCN,
  temuListingsZhCN,
} from '../../features/listings/i18n-market-zh-cn.ts';
import { cartZhCN } from '../../features/cart/i18n-zh-cn.ts';
import { consoleZhCN } from '../../shared/i18n/console-zh-cn.ts';
import { fbaZhCN } from '../../features/fba/i18n-zh-cn.ts';
import { financeZhCN } from '../../features/finance/i18n-zh-cn.ts';
import { goodsLibraryZhCN } from '../../features/goods-library/i18n-zh-cn.ts';
import { goodsZhCN } from '../../features/goods/i18n-zh-cn.ts';
import { inventoryZhCN } from '../../features/inventory/i18n-zh-cn.ts';
import { listingsZhCN } from '../../features/listings/i18n-zh-cn.ts';
import { marketsZhCN } from '../../features/markets/i18n-zh-cn.ts';
import { materialsZhCN } from '../../features/materials/i18n-zh-cn.ts';
import { multistationZhCN } from '../../features/listings/i18n-multistation-zh-cn.ts';
import { notificationsZhCN } from '../../features/notifications/i18n-zh-cn.ts';
import { orderDocumentsZhCN } from '../../features/order-documents/i18n-zh-cn.ts';
import { orderTransferZhCN } from '../../features/order-transfer/i18n-zh-cn.ts';
import { ordersZhCN } from '../../features/orders/i18n-zh-cn.ts';
import { shopeeOrdersZhCN } from '../../features/shopee-orders/i18n-zh-cn.ts';
import { shopifyListingsZhCN } from '../../features/listings/i18n-shopify-zh-cn.ts';
import { statisticsZhCN } from '../../features/statistics/i18n-zh-cn.ts';
import { teamZhCN } from '../../features/team/i18n-zh-cn.ts';
import { templatesZhCN } from '../../features/templates/i18n-zh-cn.ts';
import { upcZhCN } from '../../features/upc/i18n-zh-cn.ts';

/**
 * The signed-in console's texts in Chinese: the frame's own and each console feature's, under the
 * feature's key. The app gathers them (shared code never imports a feature); they load with the
 * layout (router.tsx), each language in a chunk of its own, so the login page carries neither and
 * the console only the language shown.
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
