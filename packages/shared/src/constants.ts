/** Business constants from spec section 9. */
export const TOKEN_TTL_SECONDS = 604_800;
export const COOKIE_DEFAULT_TTL_DAYS = 1;
export const REQUEST_TIMEOUT_MS = 600_000;
export const ACCEPTED_STATUS_MIN = 200;
export const ACCEPTED_STATUS_MAX = 500;
export const CHUNK_RELOAD_DELAY_MS = 1_500;
export const DEFAULT_MARKET_PAGE = 1;
export const DEFAULT_MARKET_SIZE = 20;
export const SHOPEE_LOGISTICS_LIMIT = 100;
export const FBA_FULFILLMENT_CHANNEL = 'AFN';
export const DEFAULT_PORT = 9000;
export const HOME_PATH = '/home/index';

export const CAPTCHA_TTL_SECONDS = 300;
export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_CHECKS = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const MENU_TYPE = { directory: 0, page: 1, permission: 2 } as const;

export const ORDER_STATUSES = [
  'unconfirmed',
  'unshipped',
  'shipped',
  'partially_shipped',
  'canceled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
