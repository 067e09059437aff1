// The cart's public face: SKU facts for the order desk's add-to-cart, ordering without the
// cart for the stores' auto-buy (priced, checked and placed as checkout does), and the
// checkout the demo's story goes through as the seller would.
export { addAddress } from './addresses.ts';
export { countryOf } from './countries.ts';
export {
  placePurchaseOrder,
  quoteOrder,
  settlement,
  sharedStockChanges,
  submitOrder,
  type Quote,
} from './checkout.ts';
export { loadSkuFacts } from './pricing.ts';
export { skuLines, type OrderLine } from './service.ts';
