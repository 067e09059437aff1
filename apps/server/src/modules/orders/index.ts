// The order desk's public face for other modules (Shopee orders, seeds, listings' money).
// What checkout and purchase orders need is in service.ts instead: purchase orders are reached
// from the desk through finance's index, so one face each way keeps the import graph acyclic.
export { visibleOrdersById, writeOrderLog } from './access.ts';
export { marketList, saveBatchLogistics, saveLogistics } from './actions.ts';
export { addOrdersToCart } from './add-cart.ts';
export { markAwaitingFunds, type AwaitingFundsDetail } from './awaiting-funds.ts';
export { alignDemoSkus, SIM_DEMO_SKUS } from './demo.ts';
export { listOrders } from './list.ts';
export { kickShipmentPushes } from './shipment-push.ts';
export { matchFinishedSkus } from './relations.ts';
export { toOrders } from './rows.ts';
export { queueStoreSyncs } from './sync.ts';
export { queueOrderSync, ORDERS_SYNC_ORDER, runOrderSync } from './sync-order.ts';
export { assertAllowed } from './transitions.ts';
