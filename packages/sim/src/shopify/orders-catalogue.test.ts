import { describe, expect, it } from 'vitest';
import { shopOrders } from './orders.ts';
import { ShopifyStore } from './store.ts';

describe('Shopify simulator buyers', () => {
  it('order only what is on sale: an archived product takes no orders', () => {
    const store = new ShopifyStore(undefined);
    const shop = 'catalogue-test.myshopify.com';
    const now = new Date('2026-11-01T00:00:00Z');
    const skus = () =>
      new Set(shopOrders(store, shop, now).flatMap((o) => o.order.lines.map((l) => l.sku)));
    expect(skus().has('DEMO-MUG-11OZ')).toBe(true);
    const { product, userErrors } = store.setProduct(
      shop,
      {
        title: 'Sale Mug',
        productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
        variants: [
          {
            sku: 'SALE-MUG',
            price: '9.99',
            optionValues: [{ optionName: 'Title', name: 'Default Title' }],
          },
        ],
      } as never,
      now,
    );
    expect(userErrors).toEqual([]);
    expect([...skus()]).toEqual(['SALE-MUG']);
    store.updateProduct(
      shop,
      { id: `gid://shopify/Product/${product!.id}`, status: 'ARCHIVED' },
      now,
    );
    expect(skus().has('SALE-MUG')).toBe(false);
    expect(skus().has('DEMO-MUG-11OZ')).toBe(true);
  });
});
