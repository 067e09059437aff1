/** The statistics pages (server menu paths) and the pages their empty states point to. */
export const statisticsPaths = {
  overview: '/my/statistics',
  stores: '/my/storestatistics',
  orders: '/my/statisticsorders',
  sales: '/my/salesstatistics',
  products: '/my/productStatistics',
  purchases: '/my/orderData',
  markets: '/market/index',
  orderDesk: '/newOrder',
  orderImport: '/newOrder/import',
  accountPay: '/my/accountPay',
  listings: '/goods/collectyun',
} as const;
