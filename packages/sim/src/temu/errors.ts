/**
 * A refusal in Temu's envelope: HTTP 200 with `success:false` (reference 4.5). Messages are
 * the gateway table of the partner docs ("Common error codes", temu-omni copy).
 */
export class TemuError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'TemuError';
  }
}

export const GATEWAY = {
  BAD_PARAMS: [3000000, 'BAD_PARAMS'],
  SIGN_UNVALID: [3000001, 'SIGN_UNVALID'],
  NO_TYPE: [3000002, 'there is no type in body.'],
  TYPE_NOT_EXISTS: [3000003, 'type not exists'],
  NO_TIMESTAMP: [3000010, 'there is no timestamp in body.'],
  TIMESTAMP_INVALID: [3000011, 'timestamp is invalid.'],
  TIMESTAMP_EXPIRED: [3000012, 'timestamp is expired.'],
  DATA_TYPE_INVALID: [3000014, 'data_type is invalid'],
  NO_APP_KEY: [3000025, 'there is no app_key in body.'],
  APP_KEY_NOT_EXISTS: [3000026, 'app_key not exists.'],
  NO_ACCESS_TOKEN: [3000030, 'there is no access_token in body.'],
  ACCESS_TOKEN_NOT_EXISTS: [3000031, 'access_token not exists.'],
  TOKEN_APP_MISMATCH: [3000033, 'access_token and app_key are not mapping.'],
  ACCESS_TOKEN_EXPIRED: [
    3000034,
    'access_token is expired or have been refreshed, please contact seller to share the new access_token with you.',
  ],
  NO_SIGN: [3000040, 'there is no sign in body.'],
  SYSTEM_EXCEPTION: [4000000, 'SYSTEM_EXCEPTION'],
  RATE_LIMIT: [4000004, 'RATE_LIMIT_EXCEED_EXCEPTION'],
} as const satisfies Record<string, readonly [number, string]>;

export const gatewayError = ([code, message]: readonly [number, string]) =>
  new TemuError(code, message);

/** Business codes the simulator answers with (partner docs of the goods and order APIs). */
export const BUSINESS = {
  INVALID_PARAMS: [150010003, 'Invalid Request Parameters'],
  INVALID_CODE: [110020002, 'Invalid code, please check and try again.'],
  CATEGORY_NOT_FOUND: [150010008, 'Category not found'],
  NO_GOODS_NAME: [150010009, 'Enter the product name'],
  NO_SKU: [150010016, 'Add at least one SKU'],
  NO_FREIGHT_TEMPLATE: [150010031, 'Shipping template not found'],
  BAD_PRICE: [150010082, 'Base price must be greater than 0 with valid currency'],
  BAD_QUANTITY: [150010088, 'Quantity must be between 0 and 1000000'],
  SKU_DUPLICATED: [150010090, 'SKU duplicated'],
  GOODS_DELETED: [150010098, 'Product deleted'],
  NOT_LEAF: [150010124, 'The catId not a leaf category'],
  NOT_THIS_SHOP: [150010203, "This product doesn't belong to this shop."],
  ORDER_NOT_FOUND: [140020002, 'Order not found'],
} as const satisfies Record<string, readonly [number, string]>;

/** 150011010 names the missing attribute, as Temu's own message does. */
export const requiredAttribute = (name: string) =>
  new TemuError(
    150011010,
    `The keyword attribute [${name}] is required, please fill in accurately and appropriately`,
  );

/** 150011019 names the attribute and the refused value. */
export const badAttributeValue = (name: string, value: string) =>
  new TemuError(150011019, `The input ${name}:${value} is incorrect, please modify it.`);
