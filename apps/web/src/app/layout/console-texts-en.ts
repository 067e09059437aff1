import {
  marketEditorEn,
  shopeeListingsEn,
  temuListingsEn,
} from '../../features/listings/i18n-market-en.ts';
import { cartEn } from '../../features/cart/i18n-en.ts';
import { consoleEn } from '../../shared/i18n/console-en.ts';
import { fbaEn } from '../../features/fba/i18n-en.ts';
import { financeEn } from '../../features/finance/i18n-en.ts';
import { goodsEn } from '../../features/goods/i18n-en.ts';
import { goodsLibraryEn } from '../../features/goods-library/i18n-en.ts';
import { inventoryEn } from '../../features/inventory/i18n-en.ts';
import { listingsEn } from '../../features/listings/i18n-en.ts';
import { marketsEn } from '../../features/markets/i18n-en.ts';
import { materialsEn } from '../../features/materials/i18n-en.ts';
import { multistationEn } from '../../features/listings/i18n-multistation-en.ts';
import { notificationsEn } from '../../features/notifications/i18n-en.ts';
import { orderDocumentsEn } from '../../features/order-documents/i18n-en.ts';
import { orderTransferEn } from '../../features/order-transfer/i18n-en.ts';
import { ordersEn } from '../../features/orders/i18n-en.ts';
import { shopeeOrdersEn } from '../../features/shopee-orders/i18n-en.ts';
import { shopifyListingsEn } from '../../features/listings/i18n-shopify-en.ts';
import { statisticsEn } from '../../features/statistics/i18n-en.ts';
import { teamEn } from '../../features/team/i18n-en.ts';
import { templatesEn } from '../../features/templates/i18n-en.ts';
import { upcEn } from '../../features/upc/i18n-en.ts';
import type { consoleTextsZhCN } from './console-texts-zh-cn.ts';

/** The console's texts in English, key for key as console-texts-zh-cn.ts. */
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
