// The cart's public face: SKU facts for the order desk's add-to-cart, and ordering without the
// cart for the stores' auto-buy (priced, checked and placed as checkout does).
export { countryOf } from './countries.ts';
export { placePurchaseOrder, quoteOrder, sharedStockChanges, type Quote } from './checkout.ts';
export { loadSkuFacts } from './pricing.ts';
export { skuLines, type OrderLine } from './service.ts';
