export const CART_PATH = '/goods/shoppingcart';
export const CHECKOUT_PATH = '/goods/checkout';
/** The private finished library, where products are added to the cart. */
export const LIBRARY_PATH = '/goods/collect';
/** Purchase orders and their payment. */
export const ORDERS_PATH = '/my/accountPay';
export const RECHARGE_PATH = '/my/recharge';
/** The order desk, where marketplace orders bought through checkout show as purchased. */
export const MARKET_ORDERS_PATH = '/newOrder';
