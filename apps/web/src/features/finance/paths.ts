/** The finance pages (server menu paths) and the pages they link to. */
export const financePaths = {
  accountPay: '/my/accountPay',
  recharge: '/my/recharge',
  consume: '/my/consume',
  freezeRecords: '/my/freezerecords',
  platformBill: '/my/platformbill',
  cart: '/goods/shoppingcart',
} as const;
