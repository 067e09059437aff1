import type { BatchResult, CartView, FinishedProductDetail, ParentProductPage } from '@app/shared';
import { apiGet, apiPost } from './pages.tsx';

/**
 * Puts one SKU of each of `count` new finished products (made from the platform's parent
 * products, so the platform can make them) into the seller's cart.
 */
export async function seedCart(token: string, count: number): Promise<FinishedProductDetail[]> {
  const parents = await apiPost<ParentProductPage>('/goods-library/index', { size: count }, token);
  const { results } = await apiPost<BatchResult>(
    '/goods-library/join',
    { ids: parents.list.map((p) => p.id) },
    token,
  );
  const products = await Promise.all(
    results.map((r) =>
      apiPost<FinishedProductDetail>('/goods/goods-show', { id: r.productId }, token),
    ),
  );
  await apiPost(
    '/goods/batch-add-cart',
    { sku_ids: products.map((p) => p.skus[0]!.id), quantity: 1 },
    token,
  );
  return products;
}

export async function cartOf(token: string): Promise<CartView> {
  const { data } = await apiGet<CartView>('/shoppingcart/cartList', token);
  return data;
}
