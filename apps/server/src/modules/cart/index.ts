// The cart's public face: SKU facts for the order desk's add-to-cart.
export { loadSkuFacts } from './pricing.ts';
