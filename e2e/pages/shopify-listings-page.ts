import type { Page } from 'playwright-core';
import { MarketListingsPage, SHOPIFY } from './market-listings-page.ts';

/**
 * The Shopify listing screens in English: "Publish to…" → Shopify on /goods/collect, the
 * Shopify cloud warehouse (/goods/shopifyyun) and its editor drawer.
 */
export class ShopifyListingsPage extends MarketListingsPage {
  constructor(page: Page, baseURL: string) {
    super(page, baseURL, SHOPIFY);
  }
}
