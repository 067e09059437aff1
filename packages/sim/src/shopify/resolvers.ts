import { GraphQLError } from 'graphql';
import type { OrderPace } from '../http.ts';
import {
  financialStatus,
  FULFILLMENT_GID,
  FULFILLMENT_ORDER_GID,
  FULFILLMENT_ORDER_LINE_GID,
  fulfillmentOrderStatus,
  fulfillmentStatus,
  LINE_ITEM_GID,
  lineId,
  minorToDecimal,
  ORDER_GID,
  shopOrders,
  type ShopOrder,
} from './orders.ts';
import { MAX_PAGE_SIZE } from './schema.ts';
import {
  gidNumber,
  PRIMARY_LOCATION_ID,
  PRODUCT_GID,
  VARIANT_GID,
  type ProductSetInput,
  type ShopifyStore,
  type SimProduct,
} from './store.ts';
import type { ShopifyWebhooks } from './webhooks.ts';
import { categoryById, CATEGORIES, fullName, isLeaf, type SimCategory } from './taxonomy.ts';

export interface RequestContext {
  shop: string;
  now: Date;
  store: ShopifyStore;
  pace?: OrderPace;
  /** The scopes the access token was granted. */
  scopes: string[];
  /** Lines of the shop's wholesale orders (`ShopifySimOptions.bulkOrderLines`). */
  bulkLines?: number;
  webhooks: ShopifyWebhooks;
}

/**
 * Shopify's answer to a field the token's scopes do not cover: a top-level error with code
 * ACCESS_DENIED naming the scope, the field itself null.
 */
function requireScope(ctx: RequestContext, scope: string, field: string, ...or: string[]): void {
  if ([scope, ...or].some((s) => ctx.scopes.includes(s))) return;
  throw new GraphQLError(
    `Access denied for ${field} field. Required access: \`${scope}\` access scope.`,
    {
      extensions: {
        code: 'ACCESS_DENIED',
        documentation: 'https://shopify.dev/api/usage/access-scopes',
        requiredAccess: `\`${scope}\` access scope.`,
      },
    },
  );
}

const READ_LOCATIONS = 'read_locations';
const READ_INVENTORY = 'read_inventory';
const READ_PRODUCTS = 'read_products';
const READ_ORDERS = 'read_orders';
const WRITE_PRODUCTS = 'write_products';
const READ_FULFILLMENT_ORDERS = 'read_merchant_managed_fulfillment_orders';
const WRITE_FULFILLMENT_ORDERS = 'write_merchant_managed_fulfillment_orders';

interface PageArgs {
  first?: number | null;
  after?: string | null;
}

/**
 * A connection page over items already in order. The cursor is opaque to clients: base64 of the
 * last item's sort key, so a page boundary survives items being added before it.
 */
function connection<T>(items: T[], args: PageArgs, sortKey: (item: T) => string) {
  const first = args.first ?? null;
  if (first === null) throw new GraphQLError('you must provide one of first or last');
  if (first < 0 || first > MAX_PAGE_SIZE) {
    throw new GraphQLError(`The first argument must be between 0 and ${MAX_PAGE_SIZE}`);
  }
  let start = 0;
  if (args.after) {
    const key = Buffer.from(args.after, 'base64url').toString('utf8');
    const at = items.findIndex((item) => sortKey(item) === key);
    // The item under the cursor may have moved (an order updated since): resume after its key.
    start = at >= 0 ? at + 1 : items.findIndex((item) => sortKey(item) > key);
    if (start < 0) start = items.length;
  }
  const nodes = items.slice(start, start + first);
  const last = nodes.at(-1);
  const cursor = (item: T) => Buffer.from(sortKey(item)).toString('base64url');
  return {
    nodes,
    pageInfo: {
      hasNextPage: start + first < items.length,
      hasPreviousPage: start > 0,
      startCursor: nodes[0] ? cursor(nodes[0]) : null,
      endCursor: last ? cursor(last) : null,
    },
  };
}

const sortable = (iso: string, id: number) => `${iso}|${String(id).padStart(12, '0')}`;

/** The `field:>=value` terms of Shopify search syntax; quotes around values are optional. */
function searchTerms(query: string | null | undefined) {
  const terms: Array<{ field: string; op: string; value: string }> = [];
  const pattern = /(\w+):(>=|<=|>|<)?(?:'([^']*)'|"([^"]*)"|(\S+))/g;
  for (const m of (query ?? '').matchAll(pattern)) {
    terms.push({ field: m[1]!.toLowerCase(), op: m[2] ?? '=', value: m[3] ?? m[4] ?? m[5] ?? '' });
  }
  return terms;
}

function compare(actual: string, op: string, wanted: string): boolean {
  const a = Date.parse(actual);
  const b = Date.parse(wanted);
  if (Number.isNaN(b)) throw new GraphQLError(`Invalid date in search query: ${wanted}`);
  if (op === '>=') return a >= b;
  if (op === '>') return a > b;
  if (op === '<=') return a <= b;
  if (op === '<') return a < b;
  return a === b;
}

const money = (amount: string) => {
  const v = { amount, currencyCode: 'USD' };
  return { shopMoney: v, presentmentMoney: v };
};

function productNode(p: SimProduct) {
  return {
    __typename: 'Product',
    ...p,
    id: `${PRODUCT_GID}${p.id}`,
    category: p.category ? categoryNode(categoryById(p.category)!) : null,
    options: p.options.map((o) => ({
      id: `gid://shopify/ProductOption/${o.id}`,
      name: o.name,
      position: o.position,
      optionValues: o.values.map((name, i) => ({
        id: `gid://shopify/ProductOptionValue/${o.id * 100 + i}`,
        name,
      })),
    })),
    variants: (args: PageArgs) =>
      connection(
        p.variants.map((v) => ({
          id: `${VARIANT_GID}${v.id}`,
          sku: v.sku,
          price: v.price,
          barcode: v.barcode,
          inventoryQuantity: v.quantity,
          selectedOptions: v.selectedOptions,
        })),
        args,
        (v) => v.id.padStart(40, '0'),
      ),
  };
}

function categoryNode(c: SimCategory) {
  return {
    __typename: 'TaxonomyCategory',
    id: c.id,
    name: c.name,
    fullName: fullName(c),
    isLeaf: isLeaf(c),
    isRoot: c.parentId === null,
    level: fullName(c).split(' > ').length,
    parentId: c.parentId,
    attributes: (args: PageArgs) =>
      connection(
        c.attributes.map((a) =>
          a.kind === 'choice'
            ? {
                __typename: 'TaxonomyChoiceListAttribute',
                id: a.id,
                name: a.name,
                values: (valueArgs: PageArgs) =>
                  connection(
                    a.values.map((name, i) => ({
                      id: `gid://shopify/TaxonomyValue/${a.id.split('/').at(-1)}-${i}`,
                      name,
                    })),
                    valueArgs,
                    (v) => v.id,
                  ),
              }
            : { __typename: 'TaxonomyMeasurementAttribute', id: a.id, name: a.name },
        ),
        args,
        (a) => a.id.padStart(60, '0'),
      ),
  };
}

function orderNode(o: ShopOrder, ctx: RequestContext) {
  const { order, slot } = o;
  const total = order.lines.reduce((sum, l) => sum + l.unitMinor * l.quantity, 0);
  const lines = order.lines.map((line, i) => ({
    id: `${LINE_ITEM_GID}${lineId(slot, i)}`,
    sku: line.sku,
    title: line.title,
    quantity: line.quantity,
    currentQuantity: order.status === 'canceled' ? 0 : line.quantity,
    unfulfilledQuantity: order.status === 'canceled' ? 0 : line.quantity - o.shipped[i]!,
    originalUnitPriceSet: money(minorToDecimal(line.unitMinor)),
    variant: null,
  }));
  const [firstName = '', lastName = ''] = order.address.name.split(' ');
  return {
    __typename: 'Order',
    id: `${ORDER_GID}${slot}`,
    name: `#${slot}`,
    createdAt: order.createdAt.toISOString(),
    processedAt: order.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    cancelledAt: order.status === 'canceled' ? order.updatedAt.toISOString() : null,
    displayFinancialStatus: financialStatus(o),
    displayFulfillmentStatus: fulfillmentStatus(o),
    currencyCode: 'USD',
    totalPriceSet: money(minorToDecimal(total)),
    shippingAddress: {
      name: order.address.name,
      firstName,
      lastName,
      phone: order.address.phone,
      address1: order.address.line1,
      address2: null,
      city: order.address.city,
      province: order.address.state,
      provinceCode: order.address.state,
      zip: order.address.postalCode,
      country: 'United States',
      countryCodeV2: order.address.countryCode,
    },
    lineItems: (args: PageArgs) => connection(lines, args, (l) => l.id.padStart(40, '0')),
    fulfillments: (args: { first?: number | null }) =>
      o.fulfillments.slice(0, args.first ?? undefined).map((f) => ({
        id: `${FULFILLMENT_GID}${f.id}`,
        status: 'SUCCESS',
        createdAt: f.createdAt,
        trackingInfo: [f.tracking],
      })),
    fulfillmentOrders: (args: PageArgs) => {
      requireScope(ctx, READ_FULFILLMENT_ORDERS, 'fulfillmentOrders');
      return connection(
        [
          {
            id: `${FULFILLMENT_ORDER_GID}${slot}`,
            status: fulfillmentOrderStatus(o),
            lineItems: (lineArgs: PageArgs) =>
              connection(
                lines.map((line, i) => ({
                  id: `${FULFILLMENT_ORDER_LINE_GID}${lineId(slot, i)}`,
                  totalQuantity: line.quantity,
                  remainingQuantity: line.unfulfilledQuantity,
                  lineItem: line,
                })),
                lineArgs,
                (l) => l.id.padStart(50, '0'),
              ),
          },
        ],
        args,
        (f) => f.id,
      );
    },
  };
}

function findOrder(ctx: RequestContext, gid: string): ShopOrder | null {
  const slot = gidNumber(gid, ORDER_GID);
  return shopOrders(ctx.store, ctx.shop, ctx.now, ctx).find((o) => o.slot === slot) ?? null;
}

interface FulfillmentInput {
  lineItemsByFulfillmentOrder: Array<{
    fulfillmentOrderId: string;
    fulfillmentOrderLineItems?: Array<{ id: string; quantity: number }> | null;
  }>;
  trackingInfo?: { company?: string | null; number?: string | null; url?: string | null } | null;
}

function createFulfillment(ctx: RequestContext, input: FulfillmentInput) {
  const fail = (field: string[], message: string) => ({
    fulfillment: null,
    userErrors: [{ field, message }],
  });
  if (input.lineItemsByFulfillmentOrder.length !== 1) {
    return fail(
      ['fulfillment', 'lineItemsByFulfillmentOrder'],
      'Exactly one fulfillment order is supported per fulfillment',
    );
  }
  const request = input.lineItemsByFulfillmentOrder[0]!;
  const slot = gidNumber(request.fulfillmentOrderId, FULFILLMENT_ORDER_GID);
  const order = shopOrders(ctx.store, ctx.shop, ctx.now, ctx).find((o) => o.slot === slot);
  if (!order)
    return fail(
      ['fulfillment', 'lineItemsByFulfillmentOrder', '0', 'fulfillmentOrderId'],
      'Fulfillment order does not exist.',
    );
  if (order.order.status === 'canceled' || order.order.status === 'pending') {
    return fail(['fulfillment'], 'Fulfillment order is not in a fulfillable state.');
  }
  const remaining = order.order.lines.map((l, i) => l.quantity - order.shipped[i]!);
  const lines: Record<number, number> = {};
  if (request.fulfillmentOrderLineItems) {
    for (const [j, item] of request.fulfillmentOrderLineItems.entries()) {
      const index = (gidNumber(item.id, FULFILLMENT_ORDER_LINE_GID) ?? -1) - order.slot * 10;
      const field = [
        'fulfillment',
        'lineItemsByFulfillmentOrder',
        '0',
        'fulfillmentOrderLineItems',
        String(j),
      ];
      if (remaining[index] === undefined)
        return fail([...field, 'id'], 'Fulfillment order line item does not exist.');
      if (item.quantity <= 0 || item.quantity > remaining[index]!) {
        return fail(
          [...field, 'quantity'],
          'Invalid fulfillment order line item quantity requested.',
        );
      }
      lines[index] = item.quantity;
    }
  } else {
    remaining.forEach((q, i) => {
      if (q > 0) lines[i] = q;
    });
  }
  if (Object.keys(lines).length === 0)
    return fail(['fulfillment'], 'Fulfillment order is already closed.');
  const created = ctx.store.addFulfillment(ctx.shop, {
    orderSlot: order.slot,
    createdAt: ctx.now.toISOString(),
    lines,
    tracking: {
      company: input.trackingInfo?.company ?? null,
      number: input.trackingInfo?.number ?? null,
      url: input.trackingInfo?.url ?? null,
    },
  });
  return {
    fulfillment: {
      id: `${FULFILLMENT_GID}${created.id}`,
      status: 'SUCCESS',
      createdAt: created.createdAt,
      trackingInfo: [created.tracking],
    },
    userErrors: [],
  };
}

/** Root resolvers of one request: graphql-js calls these with (args, context). */
export const rootValue = {
  shop: (_: unknown, ctx: RequestContext) => ({
    name: ctx.shop.replace(/\.myshopify\.com$/, ''),
    myshopifyDomain: ctx.shop,
    currencyCode: 'USD',
  }),
  location: (args: { id?: string | null }, ctx: RequestContext) => {
    requireScope(ctx, READ_LOCATIONS, 'location', READ_INVENTORY);
    return !args.id || args.id === PRIMARY_LOCATION_ID
      ? { id: PRIMARY_LOCATION_ID, name: 'Shop location' }
      : null;
  },
  node: (args: { id: string }, ctx: RequestContext) => {
    const category = categoryById(args.id);
    if (category) return categoryNode(category);
    const product = ctx.store.product(ctx.shop, args.id);
    if (product) return productNode(product);
    const order = findOrder(ctx, args.id);
    return order ? orderNode(order, ctx) : null;
  },
  product: (args: { id: string }, ctx: RequestContext) => {
    requireScope(ctx, READ_PRODUCTS, 'product');
    const product = ctx.store.product(ctx.shop, args.id);
    return product ? productNode(product) : null;
  },
  products: (
    args: PageArgs & { query?: string | null; sortKey?: string | null; reverse?: boolean | null },
    ctx: RequestContext,
  ) => {
    requireScope(ctx, READ_PRODUCTS, 'products');
    let products = [...ctx.store.products(ctx.shop)];
    for (const term of searchTerms(args.query)) {
      if (term.field === 'status')
        products = products.filter((p) => p.status === term.value.toUpperCase());
      if (term.field === 'sku')
        products = products.filter((p) => p.variants.some((v) => v.sku === term.value));
      if (term.field === 'updated_at')
        products = products.filter((p) => compare(p.updatedAt, term.op, term.value));
    }
    const key = (p: SimProduct) =>
      args.sortKey === 'UPDATED_AT' ? sortable(p.updatedAt, p.id) : sortable('', p.id);
    products.sort((a, b) => key(a).localeCompare(key(b)));
    if (args.reverse) products.reverse();
    const page = connection(products, args, key);
    return { ...page, nodes: page.nodes.map(productNode) };
  },
  order: (args: { id: string }, ctx: RequestContext) => {
    const order = findOrder(ctx, args.id);
    return order ? orderNode(order, ctx) : null;
  },
  orders: (
    args: PageArgs & { query?: string | null; sortKey?: string | null; reverse?: boolean | null },
    ctx: RequestContext,
  ) => {
    let orders = shopOrders(ctx.store, ctx.shop, ctx.now, ctx);
    for (const term of searchTerms(args.query)) {
      if (term.field === 'updated_at')
        orders = orders.filter((o) => compare(o.updatedAt.toISOString(), term.op, term.value));
      if (term.field === 'created_at')
        orders = orders.filter((o) =>
          compare(o.order.createdAt.toISOString(), term.op, term.value),
        );
    }
    const key = (o: ShopOrder) =>
      args.sortKey === 'UPDATED_AT'
        ? sortable(o.updatedAt.toISOString(), o.slot)
        : args.sortKey === 'CREATED_AT'
          ? sortable(o.order.createdAt.toISOString(), o.slot)
          : sortable('', o.slot);
    orders.sort((a, b) => key(a).localeCompare(key(b)));
    if (args.reverse) orders.reverse();
    const page = connection(orders, args, key);
    return { ...page, nodes: page.nodes.map((o) => orderNode(o, ctx)) };
  },
  taxonomy: () => ({
    categories: (args: PageArgs & { childrenOf?: string | null; search?: string | null }) => {
      let categories: SimCategory[];
      if (args.search) {
        const needle = args.search.toLowerCase();
        categories = CATEGORIES.filter((c) => fullName(c).toLowerCase().includes(needle));
      } else {
        categories = CATEGORIES.filter((c) => c.parentId === (args.childrenOf ?? null));
      }
      const page = connection(categories, args, (c) => c.id);
      return { ...page, nodes: page.nodes.map(categoryNode) };
    },
  }),
  productSet: (
    args: { input: ProductSetInput; identifier?: { id?: string | null; handle?: string | null } },
    ctx: RequestContext,
  ) => {
    requireScope(ctx, WRITE_PRODUCTS, 'productSet');
    const { product, userErrors } = ctx.store.setProduct(
      ctx.shop,
      args.input,
      ctx.now,
      args.identifier ?? null,
    );
    return { product: product && productNode(product), productSetOperation: null, userErrors };
  },
  productUpdate: (
    args: {
      product?: { id: string; status?: SimProduct['status'] | null; title?: string | null } | null;
    },
    ctx: RequestContext,
  ) => {
    requireScope(ctx, WRITE_PRODUCTS, 'productUpdate');
    if (!args.product) {
      return {
        product: null,
        userErrors: [{ field: ['product'], message: 'Product input is required' }],
      };
    }
    const { product, userErrors } = ctx.store.updateProduct(ctx.shop, args.product, ctx.now);
    return { product: product && productNode(product), userErrors };
  },
  /** Any valid token may subscribe; each topic's payload needs its own scope (reference 2.6). */
  webhookSubscriptionCreate: (
    args: { topic: string; webhookSubscription: { uri?: string | null } },
    ctx: RequestContext,
  ) => {
    const uri = args.webhookSubscription.uri ?? '';
    if (!/^https?:\/\//.test(uri)) {
      return {
        webhookSubscription: null,
        userErrors: [{ field: ['webhookSubscription', 'uri'], message: 'Address is invalid' }],
      };
    }
    if (args.topic.startsWith('ORDERS_'))
      requireScope(ctx, READ_ORDERS, 'webhookSubscriptionCreate');
    if (args.topic.startsWith('PRODUCTS_'))
      requireScope(ctx, READ_PRODUCTS, 'webhookSubscriptionCreate', WRITE_PRODUCTS);
    const sub = ctx.webhooks.subscribe(ctx.shop, args.topic, uri);
    return {
      webhookSubscription: { ...sub, id: `gid://shopify/WebhookSubscription/${sub.id}` },
      userErrors: [],
    };
  },
  fulfillmentCreate: (args: { fulfillment: FulfillmentInput }, ctx: RequestContext) => {
    requireScope(ctx, WRITE_FULFILLMENT_ORDERS, 'fulfillmentCreate');
    return createFulfillment(ctx, args.fulfillment);
  },
};
