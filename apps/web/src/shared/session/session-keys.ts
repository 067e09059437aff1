/** Query keys for data of the signed-in account; everything under `session` is dropped on logout. */
export const sessionKeys = {
  all: ['session'] as const,
  binding: () => [...sessionKeys.all, 'binding'] as const,
  /** The account's e-mail, its verification and a change waiting for its link. */
  email: () => [...sessionKeys.all, 'email'] as const,
  /** The cart and what is priced from it; catalogue pages that add to the cart invalidate it. */
  cart: () => [...sessionKeys.all, 'cart'] as const,
  /** The finished-product library; joining parent products to it makes its lists stale. */
  finishedProducts: () => [...sessionKeys.all, 'goods'] as const,
};
