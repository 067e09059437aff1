// Finance's public face: idempotent paying routes, the money lock, and purchase orders for
// checkout and the order desk.
export { idempotencyHeader, idempotent } from './idempotency.ts';
export { lockSellerMoney } from './ledger.ts';
export { createPurchaseOrder, type OrderItemSnapshot } from './orders.ts';
export { cancelPurchaseOrder, purchaseOrderOf } from './purchase-orders.ts';
