// What checkout and purchase orders need from the order desk (see index.ts for why apart).
export { purchaseLinkedOrders, releasePurchasedOrders } from './purchase.ts';
