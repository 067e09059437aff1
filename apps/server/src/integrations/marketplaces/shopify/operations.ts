/**
 * The Admin GraphQL operations the connector sends (reference 2.4, 2.5; Shopify's standard
 * product taxonomy for categories). `cost` is the requested query cost Shopify calculates for
 * the document (objects 1, connections 2 + first × node cost, mutations 10, reference 2.3), used
 * to pace the next call before the bucket runs dry; the contract test checks each against the
 * simulator's calculation. Page sizes keep every query under the 1000-point single-query limit.
 */
export interface Operation {
  name: string;
  query: string;
  cost: number;
}

const op = (name: string, cost: number, body: string): Operation => ({
  name,
  cost,
  query: body.replace(/\s+/g, ' ').trim(),
});

export const SHOP_INFO = op('ShopInfo', 1, 'query ShopInfo { shop { name myshopifyDomain } }');

/** `location` without an id is the shop's primary location [U: deprecated in favour of `locations`]. */
export const PRIMARY_LOCATION = op(
  'PrimaryLocation',
  1,
  'query PrimaryLocation { location { id } }',
);

/** The product is named by `identifier` (`input.id` is deprecated); none creates one. */
export const PRODUCT_SET = op(
  'ProductSet',
  10,
  `mutation ProductSet($identifier: ProductSetIdentifiers, $input: ProductSetInput!, $synchronous: Boolean) {
    productSet(identifier: $identifier, input: $input, synchronous: $synchronous) {
      product { id handle status }
      userErrors { code field message }
    }
  }`,
);

export const PRODUCT_STATE = op(
  'ProductState',
  1,
  'query ProductState($id: ID!) { product(id: $id) { id status } }',
);

/** `productUpdate(product:)` is the 2024-10+ signature [U]; productSet would drop omitted variants. */
export const PRODUCT_ARCHIVE = op(
  'ProductArchive',
  10,
  `mutation ProductArchive($product: ProductUpdateInput!) {
    productUpdate(product: $product) { product { id status } userErrors { field message } }
  }`,
);

/** The product carrying a SKU: what a create whose answer was lost may have made. */
export const PRODUCT_BY_SKU = op(
  'ProductBySku',
  2 + 1,
  'query ProductBySku($query: String) { products(first: 1, query: $query) { nodes { id handle } } }',
);

export const PRODUCTS_PAGE_SIZE = 10;
export const PRODUCTS = op(
  'Products',
  2 + PRODUCTS_PAGE_SIZE * (1 + 2 + 50) + 1,
  `query Products($first: Int!, $after: String, $query: String) {
    products(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
      pageInfo { hasNextPage endCursor }
      nodes { id title handle status updatedAt variants(first: 50) { nodes { id sku price inventoryQuantity } } }
    }
  }`,
);

export const CATEGORIES_PAGE_SIZE = 250;
export const TAXONOMY_CATEGORIES = op(
  'TaxonomyCategories',
  1 + 2 + CATEGORIES_PAGE_SIZE + 1,
  `query TaxonomyCategories($first: Int!, $after: String, $childrenOf: ID) {
    taxonomy {
      categories(first: $first, after: $after, childrenOf: $childrenOf) {
        pageInfo { hasNextPage endCursor }
        nodes { id name isLeaf parentId }
      }
    }
  }`,
);

/** Attribute shapes are Shopify's taxonomy attribute union [U: member fields not re-read]. */
export const CATEGORY_ATTRIBUTES = op(
  'CategoryAttributes',
  1 + 2 + 25 * (1 + 2 + 30),
  `query CategoryAttributes($id: ID!) {
    node(id: $id) {
      ... on TaxonomyCategory {
        id
        attributes(first: 25) {
          nodes {
            ... on TaxonomyChoiceListAttribute { id name values(first: 30) { nodes { id name } } }
            ... on TaxonomyMeasurementAttribute { id name }
            ... on TaxonomyAttribute { id }
          }
        }
      }
    }
  }`,
);

export const ORDERS_PAGE_SIZE = 25;
/** Lines read with the order; an order with more reads the rest with ORDER_LINE_ITEMS. */
export const ORDER_LINES = 10;
/** What an order page and a single order read of each order. */
const ORDER_FIELDS = `id name createdAt updatedAt cancelledAt displayFinancialStatus displayFulfillmentStatus
  totalPriceSet { shopMoney { amount currencyCode } }
  shippingAddress { name phone address1 address2 city provinceCode zip countryCodeV2 }
  lineItems(first: ${ORDER_LINES}) {
    pageInfo { hasNextPage endCursor }
    nodes { id sku title quantity unfulfilledQuantity originalUnitPriceSet { shopMoney { amount currencyCode } } }
  }`;
const ORDER_COST = 1 + 2 + 1 + 2 + 1 + ORDER_LINES * (1 + 2);

export const ORDERS = op(
  'Orders',
  2 + 1 + ORDERS_PAGE_SIZE * ORDER_COST,
  `query Orders($first: Int!, $after: String, $query: String) {
    orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
      pageInfo { hasNextPage endCursor }
      nodes { ${ORDER_FIELDS} }
    }
  }`,
);

/** One order, for the sync a webhook asks for. */
export const ORDER = op(
  'Order',
  ORDER_COST,
  `query Order($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`,
);

/** Reference 2.6: the app's own subscription to a topic, delivered to `uri`. */
export const WEBHOOK_SUBSCRIPTION_CREATE = op(
  'WebhookSubscriptionCreate',
  10,
  `mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) {
      webhookSubscription { id }
      userErrors { field message }
    }
  }`,
);

export const ORDER_LINES_PAGE_SIZE = 100;
export const ORDER_LINE_ITEMS = op(
  'OrderLineItems',
  1 + 2 + 1 + ORDER_LINES_PAGE_SIZE * (1 + 2),
  `query OrderLineItems($id: ID!, $first: Int!, $after: String) {
    order(id: $id) {
      lineItems(first: $first, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { id sku title quantity unfulfilledQuantity originalUnitPriceSet { shopMoney { amount currencyCode } } }
      }
    }
  }`,
);

export const ORDER_FULFILLMENT_ORDERS = op(
  'OrderFulfillmentOrders',
  // A plain list (fulfillments) costs as one object, its objects nothing more.
  1 + 2 + 5 * (1 + 2 + 50 * (1 + 1)) + 2,
  `query OrderFulfillmentOrders($id: ID!) {
    order(id: $id) {
      id cancelledAt
      fulfillments(first: 50) { id trackingInfo { number } }
      fulfillmentOrders(first: 5) {
        nodes { id status lineItems(first: 50) { nodes { id remainingQuantity lineItem { sku } } } }
      }
    }
  }`,
);

export const FULFILLMENT_CREATE = op(
  'FulfillmentCreate',
  10,
  `mutation FulfillmentCreate($fulfillment: FulfillmentInput!, $message: String) {
    fulfillmentCreate(fulfillment: $fulfillment, message: $message) {
      fulfillment { id status trackingInfo { company number url } }
      userErrors { field message }
    }
  }`,
);
