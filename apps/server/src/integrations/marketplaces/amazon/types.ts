/** The SP-API wire shapes the connector reads, as far as it reads them (reference 1.8–1.11). */

export interface SpIssue {
  code: string;
  message: string;
  severity: 'ERROR' | 'WARNING' | 'INFO';
  attributeNames?: string[];
  categories?: string[];
}

export interface SubmissionResponse {
  sku: string;
  status: 'ACCEPTED' | 'INVALID' | 'VALID';
  submissionId: string;
  issues?: SpIssue[];
  identifiers?: Array<{ marketplaceId: string; asin?: string }>;
}

export interface ListingsItem {
  sku: string;
  summaries?: Array<{
    marketplaceId: string;
    asin?: string;
    productType: string;
    status: string[];
    itemName?: string;
    createdDate: string;
    lastUpdatedDate: string;
  }>;
  issues?: SpIssue[];
  relationships?: Array<{
    marketplaceId: string;
    relationships: Array<{ type: string; childSkus?: string[]; parentSkus?: string[] }>;
  }>;
}

export interface SearchListingsResponse {
  numberOfResults: number;
  pagination?: { nextToken?: string; previousToken?: string };
  items: ListingsItem[];
}

export interface ListingPatch {
  op: 'add' | 'replace' | 'merge' | 'delete';
  path: string;
  value?: Array<Record<string, unknown>>;
}

/** Money in Orders 2026-01-01: a decimal string and its currency. */
export interface SpMoney {
  amount: string;
  currencyCode: string;
}

/** A `CustomerAddress`; name, street lines and phone only reach apps with the PII role. */
export interface SpAddress {
  name?: string;
  addressLine1?: string;
  addressLine2?: string;
  addressLine3?: string;
  city?: string;
  stateOrRegion?: string;
  postalCode?: string;
  countryCode?: string;
  phone?: string;
}

export interface SpOrderItem {
  orderItemId: string;
  quantityOrdered: number;
  product: {
    asin?: string;
    title?: string;
    sellerSku?: string;
    price?: { unitPrice?: SpMoney };
  };
  proceeds?: { proceedsTotal?: SpMoney };
  fulfillment?: { quantityFulfilled?: number; quantityUnfulfilled?: number };
}

/** An `Order` of orders_2026-01-01.json, with the datasets the connector asks for. */
export interface SpOrder {
  orderId: string;
  createdTime: string;
  lastUpdatedTime: string;
  salesChannel: { channelName: string; marketplaceId?: string };
  recipient?: { deliveryAddress?: SpAddress };
  proceeds?: { grandTotal?: SpMoney };
  fulfillment?: { fulfillmentStatus: string; fulfilledBy?: 'AMAZON' | 'MERCHANT' };
  orderItems: SpOrderItem[];
}

export interface SearchOrdersResponse {
  orders: SpOrder[];
  pagination?: { nextToken?: string };
}

export interface GetOrderResponse {
  order: SpOrder;
}

export interface ProductTypeDefinition {
  schema: { link: { resource: string; verb: string }; checksum: string };
  productType: string;
  displayName: string;
}

/** The parts of a product type JSON Schema the connector reads. */
export interface ProductTypeSchema {
  required?: string[];
  properties?: Record<string, AttributeSchema>;
  allOf?: Array<{ then?: { required?: string[] }; else?: { required?: string[] } }>;
}

export interface AttributeSchema {
  title?: string;
  items?: {
    properties?: Record<string, ValueSchema>;
  };
}

export interface ValueSchema {
  type?: string;
  title?: string;
  enum?: string[];
  /** Names of `enum`, in its order, in the locale the schema was asked for. */
  enumNames?: string[];
}
