import {
  buildSchema,
  getNamedType,
  isAbstractType,
  isObjectType,
  Kind,
  type FieldNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * The slice of the Admin GraphQL API (2025-07) the connector uses, as Shopify names it:
 * products with productSet / productUpdate (reference 2.4), orders and fulfillment (2.5), the
 * standard product taxonomy. Field names marked [U] in the reference are kept as written there.
 */
export const ADMIN_SDL = /* GraphQL */ `
  scalar DateTime
  scalar Decimal
  scalar Money
  scalar HTML
  scalar URL

  interface Node {
    id: ID!
  }

  enum ProductStatus {
    ACTIVE
    ARCHIVED
    DRAFT
  }
  enum ProductSortKeys {
    ID
    TITLE
    UPDATED_AT
    CREATED_AT
  }
  enum OrderSortKeys {
    ID
    CREATED_AT
    UPDATED_AT
    PROCESSED_AT
  }
  enum CurrencyCode {
    USD
    EUR
    GBP
    CAD
    AUD
    JPY
    CNY
    SGD
  }
  enum CountryCode {
    US
    CA
    GB
    DE
    FR
    AU
    JP
    CN
    SG
  }
  enum WeightUnit {
    GRAMS
    KILOGRAMS
    OUNCES
    POUNDS
  }
  enum FileContentType {
    IMAGE
    VIDEO
    FILE
    EXTERNAL_VIDEO
    MODEL_3D
  }
  enum ProductVariantInventoryPolicy {
    DENY
    CONTINUE
  }
  enum OrderDisplayFinancialStatus {
    AUTHORIZED
    EXPIRED
    PAID
    PARTIALLY_PAID
    PARTIALLY_REFUNDED
    PENDING
    REFUNDED
    VOIDED
  }
  enum OrderDisplayFulfillmentStatus {
    FULFILLED
    IN_PROGRESS
    ON_HOLD
    OPEN
    PARTIALLY_FULFILLED
    PENDING_FULFILLMENT
    REQUEST_DECLINED
    RESTOCKED
    SCHEDULED
    UNFULFILLED
  }
  enum FulfillmentOrderStatus {
    OPEN
    IN_PROGRESS
    CLOSED
    CANCELLED
    INCOMPLETE
    ON_HOLD
    SCHEDULED
  }
  enum FulfillmentStatus {
    SUCCESS
    CANCELLED
    ERROR
    FAILURE
    OPEN
    PENDING
  }
  enum ProductSetUserErrorCode {
    BLANK
    INVALID_INPUT
    INVALID_VARIANT
    PRODUCT_DOES_NOT_EXIST
    DUPLICATED_OPTION_VALUE
    OPTIONS_OVER_LIMIT
    GENERIC_ERROR
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type Shop {
    name: String!
    myshopifyDomain: String!
    currencyCode: CurrencyCode!
  }
  type Location implements Node {
    id: ID!
    name: String!
  }

  type SelectedOption {
    name: String!
    value: String!
  }
  type ProductOptionValue {
    id: ID!
    name: String!
  }
  type ProductOption {
    id: ID!
    name: String!
    position: Int!
    optionValues: [ProductOptionValue!]!
  }
  type ProductVariant implements Node {
    id: ID!
    sku: String
    price: Money!
    barcode: String
    inventoryQuantity: Int
    selectedOptions: [SelectedOption!]!
  }
  type ProductVariantConnection {
    nodes: [ProductVariant!]!
    pageInfo: PageInfo!
  }
  type TaxonomyCategoryRef {
    id: ID!
    name: String!
    fullName: String!
  }
  type Product implements Node {
    id: ID!
    title: String!
    handle: String!
    status: ProductStatus!
    descriptionHtml: HTML!
    vendor: String!
    productType: String!
    tags: [String!]!
    createdAt: DateTime!
    updatedAt: DateTime!
    category: TaxonomyCategory
    options: [ProductOption!]!
    variants(first: Int, after: String): ProductVariantConnection!
  }
  type ProductConnection {
    nodes: [Product!]!
    pageInfo: PageInfo!
  }

  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }
  type MoneyBag {
    shopMoney: MoneyV2!
    presentmentMoney: MoneyV2!
  }
  type MailingAddress {
    name: String
    firstName: String
    lastName: String
    phone: String
    address1: String
    address2: String
    city: String
    province: String
    provinceCode: String
    zip: String
    country: String
    countryCodeV2: CountryCode
  }
  type LineItem {
    id: ID!
    sku: String
    title: String!
    quantity: Int!
    currentQuantity: Int!
    unfulfilledQuantity: Int!
    originalUnitPriceSet: MoneyBag!
    variant: ProductVariant
  }
  type LineItemConnection {
    nodes: [LineItem!]!
    pageInfo: PageInfo!
  }
  type FulfillmentOrderLineItem {
    id: ID!
    remainingQuantity: Int!
    totalQuantity: Int!
    lineItem: LineItem!
  }
  type FulfillmentOrderLineItemConnection {
    nodes: [FulfillmentOrderLineItem!]!
    pageInfo: PageInfo!
  }
  type FulfillmentOrder implements Node {
    id: ID!
    status: FulfillmentOrderStatus!
    lineItems(first: Int, after: String): FulfillmentOrderLineItemConnection!
  }
  type FulfillmentOrderConnection {
    nodes: [FulfillmentOrder!]!
    pageInfo: PageInfo!
  }
  type FulfillmentTrackingInfo {
    company: String
    number: String
    url: URL
  }
  type Fulfillment implements Node {
    id: ID!
    status: FulfillmentStatus!
    createdAt: DateTime!
    trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
  }
  type Order implements Node {
    id: ID!
    name: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime!
    cancelledAt: DateTime
    displayFinancialStatus: OrderDisplayFinancialStatus
    displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    currencyCode: CurrencyCode!
    totalPriceSet: MoneyBag!
    shippingAddress: MailingAddress
    lineItems(first: Int, after: String): LineItemConnection!
    fulfillments(first: Int): [Fulfillment!]!
    fulfillmentOrders(first: Int, after: String): FulfillmentOrderConnection!
  }
  type OrderConnection {
    nodes: [Order!]!
    pageInfo: PageInfo!
  }

  type TaxonomyValue {
    id: ID!
    name: String!
  }
  type TaxonomyValueConnection {
    nodes: [TaxonomyValue!]!
    pageInfo: PageInfo!
  }
  type TaxonomyAttribute implements Node {
    id: ID!
  }
  type TaxonomyChoiceListAttribute implements Node {
    id: ID!
    name: String!
    values(first: Int, after: String): TaxonomyValueConnection!
  }
  type TaxonomyMeasurementAttribute implements Node {
    id: ID!
    name: String!
  }
  union TaxonomyCategoryAttribute =
    | TaxonomyAttribute
    | TaxonomyChoiceListAttribute
    | TaxonomyMeasurementAttribute
  type TaxonomyCategoryAttributeConnection {
    nodes: [TaxonomyCategoryAttribute!]!
    pageInfo: PageInfo!
  }
  type TaxonomyCategory implements Node {
    id: ID!
    name: String!
    fullName: String!
    isLeaf: Boolean!
    isRoot: Boolean!
    level: Int!
    parentId: ID
    attributes(first: Int, after: String): TaxonomyCategoryAttributeConnection!
  }
  type TaxonomyCategoryConnection {
    nodes: [TaxonomyCategory!]!
    pageInfo: PageInfo!
  }
  type Taxonomy {
    categories(
      first: Int
      after: String
      childrenOf: ID
      descendantsOf: ID
      search: String
    ): TaxonomyCategoryConnection!
  }

  type Query {
    shop: Shop!
    location(id: ID): Location
    node(id: ID!): Node
    product(id: ID!): Product
    products(
      first: Int
      after: String
      query: String
      sortKey: ProductSortKeys
      reverse: Boolean
    ): ProductConnection!
    order(id: ID!): Order
    orders(
      first: Int
      after: String
      query: String
      sortKey: OrderSortKeys
      reverse: Boolean
    ): OrderConnection!
    taxonomy: Taxonomy
  }

  input VariantOptionValueInput {
    optionName: String
    optionId: ID
    name: String
    id: ID
  }
  input OptionValueSetInput {
    id: ID
    name: String
  }
  input OptionSetInput {
    id: ID
    name: String
    position: Int
    values: [OptionValueSetInput!]
  }
  input FileSetInput {
    id: ID
    originalSource: String
    alt: String
    contentType: FileContentType
    filename: String
  }
  input WeightInput {
    unit: WeightUnit!
    value: Float!
  }
  input InventoryItemMeasurementInput {
    weight: WeightInput
  }
  input InventoryItemInput {
    sku: String
    tracked: Boolean
    cost: Decimal
    requiresShipping: Boolean
    measurement: InventoryItemMeasurementInput
    harmonizedSystemCode: String
    countryCodeOfOrigin: CountryCode
  }
  input ProductSetInventoryInput {
    locationId: ID!
    name: String!
    quantity: Int!
  }
  input ProductVariantSetInput {
    id: ID
    optionValues: [VariantOptionValueInput!]!
    sku: String
    price: Money
    compareAtPrice: Money
    barcode: String
    file: FileSetInput
    inventoryItem: InventoryItemInput
    inventoryPolicy: ProductVariantInventoryPolicy
    inventoryQuantities: [ProductSetInventoryInput!]
    position: Int
    taxable: Boolean
  }
  input ProductSetIdentifiers {
    id: ID
    handle: String
  }
  input ProductSetInput {
    "Deprecated: use productSet's identifier argument."
    id: ID
    title: String
    descriptionHtml: String
    handle: String
    vendor: String
    productType: String
    category: ID
    status: ProductStatus
    tags: [String!]
    productOptions: [OptionSetInput!]
    variants: [ProductVariantSetInput!]
    files: [FileSetInput!]
  }
  input ProductUpdateInput {
    id: ID!
    title: String
    descriptionHtml: String
    vendor: String
    productType: String
    status: ProductStatus
    tags: [String!]
  }
  input FulfillmentOrderLineItemInput {
    id: ID!
    quantity: Int!
  }
  input FulfillmentOrderLineItemsInput {
    fulfillmentOrderId: ID!
    fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]
  }
  input FulfillmentTrackingInput {
    company: String
    number: String
    url: URL
    numbers: [String!]
    urls: [URL!]
  }
  input FulfillmentInput {
    lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]!
    notifyCustomer: Boolean
    trackingInfo: FulfillmentTrackingInput
  }

  type UserError {
    field: [String!]
    message: String!
  }
  type ProductSetUserError {
    code: ProductSetUserErrorCode
    field: [String!]
    message: String!
  }
  type ProductSetOperation {
    id: ID!
    status: String!
  }
  type ProductSetPayload {
    product: Product
    productSetOperation: ProductSetOperation
    userErrors: [ProductSetUserError!]!
  }
  type ProductUpdatePayload {
    product: Product
    userErrors: [UserError!]!
  }
  type FulfillmentCreatePayload {
    fulfillment: Fulfillment
    userErrors: [UserError!]!
  }

  enum WebhookSubscriptionTopic {
    ORDERS_CREATE
    ORDERS_UPDATED
    PRODUCTS_UPDATE
    APP_UNINSTALLED
  }
  enum WebhookSubscriptionFormat {
    JSON
    XML
  }
  input WebhookSubscriptionInput {
    uri: String
    format: WebhookSubscriptionFormat
  }
  type WebhookSubscription {
    id: ID!
    topic: WebhookSubscriptionTopic!
    uri: String!
  }
  type WebhookSubscriptionCreatePayload {
    webhookSubscription: WebhookSubscription
    userErrors: [UserError!]!
  }

  type Mutation {
    webhookSubscriptionCreate(
      topic: WebhookSubscriptionTopic!
      webhookSubscription: WebhookSubscriptionInput!
    ): WebhookSubscriptionCreatePayload
    productSet(
      identifier: ProductSetIdentifiers
      input: ProductSetInput!
      synchronous: Boolean = true
    ): ProductSetPayload
    productUpdate(product: ProductUpdateInput): ProductUpdatePayload
    fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
  }
`;

export const adminSchema: GraphQLSchema = buildSchema(ADMIN_SDL);

/** Shopify's documented limits (reference 2.3). */
export const MAX_QUERY_COST = 1000;
export const MAX_PAGE_SIZE = 250;
const MUTATION_COST = 10;

/**
 * Shopify's requested query cost (reference 2.3): scalars and enums 0, objects 1, connections
 * 2 + first × the cost of one node, each mutation 10. Fragments on an abstract type cost their
 * most expensive member.
 */
export function requestedCost(
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  if (operation.operation === 'mutation') {
    const fields = operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD);
    return fields.length * MUTATION_COST;
  }
  return selectionCost(operation.selectionSet, adminSchema.getQueryType()!, variables);
}

function argumentValue(
  field: FieldNode,
  name: string,
  variables: Record<string, unknown>,
): unknown {
  const arg = field.arguments?.find((a) => a.name.value === name);
  if (!arg) return undefined;
  if (arg.value.kind === Kind.VARIABLE) return variables[arg.value.name.value];
  if (arg.value.kind === Kind.INT) return Number(arg.value.value);
  return undefined;
}

function selectionCost(
  selectionSet: SelectionSetNode,
  parent: GraphQLNamedType,
  variables: Record<string, unknown>,
): number {
  let plain = 0;
  let fragments = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      plain += fieldCost(selection, parent, variables);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const on = selection.typeCondition
        ? adminSchema.getType(selection.typeCondition.name.value)
        : parent;
      if (on) fragments = Math.max(fragments, selectionCost(selection.selectionSet, on, variables));
    }
  }
  return plain + fragments;
}

function fieldCost(
  field: FieldNode,
  parent: GraphQLNamedType,
  variables: Record<string, unknown>,
): number {
  if (!isObjectType(parent)) return 0;
  const definition = parent.getFields()[field.name.value];
  if (!definition || !field.selectionSet) return 0;
  const type = getNamedType(definition.type);
  if (type.name.endsWith('Connection') && isObjectType(type)) {
    const given = argumentValue(field, 'first', variables);
    const first = typeof given === 'number' ? given : 0;
    const node = getNamedType(type.getFields().nodes!.type);
    let cost = 2;
    for (const selection of field.selectionSet.selections) {
      if (selection.kind !== Kind.FIELD || !selection.selectionSet) continue;
      if (selection.name.value === 'nodes') {
        cost += first * (1 + selectionCost(selection.selectionSet, node, variables));
      } else {
        cost += fieldCost(selection, type, variables);
      }
    }
    return cost;
  }
  if (isObjectType(type) || isAbstractType(type)) {
    return 1 + selectionCost(field.selectionSet, type, variables);
  }
  return 0;
}
