// Finance's public face: idempotent paying routes, the money lock, and purchase orders for
// checkout, the order desk and the production desk.
export { idempotencyHeader, idempotent } from './idempotency.ts';
export { accountPay } from './account-pay.ts';
export { payPasswordCheck } from './pay-password.ts';
export { creditDemoBalance, lockSellerMoney, memoText, post, type Movement } from './ledger.ts';
export { getRule } from './rules.ts';
export { createPurchaseOrder, type OrderItemSnapshot, type PurchaseOrderRow } from './orders.ts';
export {
  packagesOf,
  purchaseOrderDetail,
  resolveProduction,
  shippedQuantities,
  type PackageRow,
  type ProductionSnapshot,
} from './po-detail.ts';
export { poActorOf, SYSTEM_ACTOR, writePurchaseOrderLog, type PoActor } from './po-log.ts';
export { refundPurchaseOrder } from './po-refund.ts';
export { cancelPurchaseOrder, purchaseOrderOf } from './purchase-orders.ts';
