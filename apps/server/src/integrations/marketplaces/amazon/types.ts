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

export interface SpMoney {
  CurrencyCode: string;
  Amount: string;
}

export interface SpOrder {
  AmazonOrderId: string;
  PurchaseDate: string;
  LastUpdateDate: string;
  OrderStatus: string;
  FulfillmentChannel?: 'AFN' | 'MFN';
  OrderTotal?: SpMoney;
  MarketplaceId?: string;
  /** City, region, postal and country code only; the full address needs getOrderAddress. */
  ShippingAddress?: SpAddress;
}

export interface SpOrderItem {
  ASIN: string;
  OrderItemId: string;
  SellerSKU?: string;
  Title?: string;
  QuantityOrdered: number;
  QuantityShipped?: number;
  ItemPrice?: SpMoney;
}

export interface SpAddress {
  Name?: string;
  AddressLine1?: string;
  AddressLine2?: string;
  AddressLine3?: string;
  City?: string;
  StateOrRegion?: string;
  PostalCode?: string;
  CountryCode?: string;
  Phone?: string;
}

export interface OrdersPayload {
  payload?: { Orders: SpOrder[]; NextToken?: string };
}

export interface OrderItemsPayload {
  payload?: { OrderItems: SpOrderItem[]; NextToken?: string };
}

export interface OrderAddressPayload {
  payload?: { ShippingAddress?: SpAddress };
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
