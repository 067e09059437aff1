/**
 * A refusal in Shopee's shape (reference 3.5): `{error, message, request_id}`. The HTTP status
 * per error is not confirmed; the simulator answers 403 for sign and token failures, 429 for
 * throttling and 400 for the rest, and the connector reads the body either way.
 */
export class ShopeeError extends Error {
  constructor(
    readonly error: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const paramError = (message: string) => new ShopeeError('error_param', message);
export const productParamError = (field: string, rule = 'value must Not Null') =>
  new ShopeeError('product.error_param', `invalid field ${field}: ${rule}`);

export const SHOPEE_THROTTLE_BODY = {
  error: 'error_rate_limit',
  message: 'Too many requests. You have reached the rate limit. Please try again later.',
} as const;
