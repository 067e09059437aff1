import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { categoryById } from './taxonomy.ts';

export interface SimVariant {
  id: number;
  sku: string | null;
  /** Decimal string, as Shopify's Money scalar. */
  price: string;
  barcode: string | null;
  quantity: number;
  selectedOptions: Array<{ name: string; value: string }>;
}

export interface SimProduct {
  id: number;
  title: string;
  handle: string;
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT';
  descriptionHtml: string;
  vendor: string;
  productType: string;
  category: string | null;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  options: Array<{ id: number; name: string; position: number; values: string[] }>;
  variants: SimVariant[];
  files: string[];
}

export interface SimFulfillment {
  id: number;
  orderSlot: number;
  createdAt: string;
  /** Line index within the order → quantity shipped. */
  lines: Record<number, number>;
  tracking: { company: string | null; number: string | null; url: string | null };
}

/** A `webhookSubscriptionCreate` subscription: its topic (GraphQL enum) and address. */
export interface WebhookSubscription {
  id: number;
  topic: string;
  uri: string;
}

interface ShopState {
  products: SimProduct[];
  fulfillments: SimFulfillment[];
  /** `webhookSubscriptionCreate`'s subscriptions; absent in states saved before webhooks. */
  webhooks?: WebhookSubscription[];
}

interface State {
  nextId: number;
  shops: Record<string, ShopState>;
}

export interface UserError {
  code?: string;
  field: string[];
  message: string;
}

/** `ProductSetInput` as graphql-js hands it over (reference 2.4). */
export interface ProductSetInput {
  id?: string | null;
  title?: string | null;
  descriptionHtml?: string | null;
  handle?: string | null;
  vendor?: string | null;
  productType?: string | null;
  category?: string | null;
  status?: SimProduct['status'] | null;
  tags?: string[] | null;
  productOptions?: Array<{
    name?: string | null;
    values?: Array<{ name?: string | null }> | null;
  }> | null;
  variants?: Array<{
    optionValues: Array<{ optionName?: string | null; name?: string | null }>;
    sku?: string | null;
    price?: string | null;
    barcode?: string | null;
    file?: { originalSource?: string | null } | null;
    inventoryItem?: { sku?: string | null } | null;
    inventoryQuantities?: Array<{ locationId: string; name: string; quantity: number }> | null;
  }> | null;
  files?: Array<{ originalSource?: string | null }> | null;
}

export const PRODUCT_GID = 'gid://shopify/Product/';
export const VARIANT_GID = 'gid://shopify/ProductVariant/';
export const LOCATION_GID = 'gid://shopify/Location/';
export const PRIMARY_LOCATION_ID = `${LOCATION_GID}1`;
const MAX_OPTIONS = 3;
const DECIMAL = /^\d+(\.\d{1,2})?$/;

export const gidNumber = (gid: string, prefix: string): number | null =>
  gid.startsWith(prefix) && /^\d+$/.test(gid.slice(prefix.length))
    ? Number(gid.slice(prefix.length))
    : null;

const handleOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'product';

/** Products and fulfillments per shop, written to `stateFile` on every change when given. */
export class ShopifyStore {
  private state: State;

  constructor(private readonly stateFile: string | undefined) {
    this.state =
      stateFile && existsSync(stateFile)
        ? (JSON.parse(readFileSync(stateFile, 'utf8')) as State)
        : { nextId: 1000, shops: {} };
  }

  private shop(shop: string): ShopState {
    return (this.state.shops[shop] ??= { products: [], fulfillments: [] });
  }

  private save(): void {
    if (this.stateFile) writeFileSync(this.stateFile, JSON.stringify(this.state));
  }

  private nextId(): number {
    return this.state.nextId++;
  }

  products(shop: string): SimProduct[] {
    return this.shop(shop).products;
  }

  product(shop: string, gid: string): SimProduct | null {
    const id = gidNumber(gid, PRODUCT_GID);
    return this.products(shop).find((p) => p.id === id) ?? null;
  }

  subscriptions(shop: string): WebhookSubscription[] {
    return this.shop(shop).webhooks ?? [];
  }

  subscribedShops(): string[] {
    return Object.entries(this.state.shops)
      .filter(([, s]) => (s.webhooks ?? []).length > 0)
      .map(([shop]) => shop);
  }

  /** One subscription per topic and address, as Shopify refuses a duplicate (the same one back). */
  addSubscription(shop: string, sub: Omit<WebhookSubscription, 'id'>): WebhookSubscription {
    const own = (this.shop(shop).webhooks ??= []);
    const same = own.find((s) => s.topic === sub.topic && s.uri === sub.uri);
    if (same) return same;
    const created = { id: this.nextId(), ...sub };
    own.push(created);
    this.save();
    return created;
  }

  fulfillments(shop: string): SimFulfillment[] {
    return this.shop(shop).fulfillments;
  }

  addFulfillment(shop: string, fulfillment: Omit<SimFulfillment, 'id'>): SimFulfillment {
    const created = { ...fulfillment, id: this.nextId() };
    this.shop(shop).fulfillments.push(created);
    this.save();
    return created;
  }

  /**
   * productSet: create, or replace the given fields of an existing product (reference 2.4). The
   * product is named by `identifier` (an id must exist; a handle is an upsert) or, deprecated,
   * by `input.id`.
   */
  setProduct(
    shop: string,
    input: ProductSetInput,
    now: Date,
    identifier: { id?: string | null; handle?: string | null } | null = null,
  ): { product: SimProduct | null; userErrors: UserError[] } {
    const id = identifier?.id ?? input.id ?? null;
    const handle = identifier?.handle ?? null;
    const existing = id
      ? this.product(shop, id)
      : handle
        ? (this.products(shop).find((p) => p.handle === handle) ?? null)
        : null;
    const errors = validateProductSet(input, existing);
    if (id && !existing) {
      errors.unshift({
        code: 'PRODUCT_DOES_NOT_EXIST',
        field: identifier?.id ? ['identifier', 'id'] : ['input', 'id'],
        message: 'Product does not exist',
      });
    }
    if (errors.length) return { product: null, userErrors: errors };

    const at = now.toISOString();
    const product: SimProduct = existing ?? {
      id: this.nextId(),
      title: '',
      handle: '',
      status: 'ACTIVE',
      descriptionHtml: '',
      vendor: '',
      productType: '',
      category: null,
      tags: [],
      createdAt: at,
      updatedAt: at,
      options: [],
      variants: [],
      files: [],
    };
    if (input.title != null) product.title = input.title;
    product.handle = input.handle ?? handle ?? (product.handle || handleOf(product.title));
    if (input.descriptionHtml != null) product.descriptionHtml = input.descriptionHtml;
    if (input.vendor != null) product.vendor = input.vendor;
    if (input.productType != null) product.productType = input.productType;
    if (input.category !== undefined) product.category = input.category;
    if (input.status != null) product.status = input.status;
    if (input.tags != null) product.tags = input.tags;
    if (input.files != null) product.files = input.files.map((f) => f.originalSource ?? '');
    if (input.productOptions != null) {
      product.options = input.productOptions.map((o, i) => ({
        id: product.options.find((old) => old.name === o.name)?.id ?? this.nextId(),
        name: o.name!,
        position: i + 1,
        values: (o.values ?? []).map((v) => v.name!),
      }));
    }
    if (input.variants != null) {
      product.variants = input.variants.map((v) => {
        const selectedOptions = v.optionValues.map((o) => ({
          name: o.optionName!,
          value: o.name!,
        }));
        const key = JSON.stringify(selectedOptions);
        const previous = product.variants.find(
          (old) => JSON.stringify(old.selectedOptions) === key,
        );
        const available = v.inventoryQuantities?.find((q) => q.name === 'available');
        return {
          id: previous?.id ?? this.nextId(),
          sku: v.sku ?? v.inventoryItem?.sku ?? previous?.sku ?? null,
          price: v.price ?? previous?.price ?? '0.00',
          barcode: v.barcode ?? previous?.barcode ?? null,
          quantity: available?.quantity ?? previous?.quantity ?? 0,
          selectedOptions,
        };
      });
    }
    product.updatedAt = at;
    if (!existing) this.products(shop).push(product);
    this.save();
    return { product, userErrors: [] };
  }

  /** productUpdate(product:) for the scalar fields the connector changes. */
  updateProduct(
    shop: string,
    input: { id: string; status?: SimProduct['status'] | null; title?: string | null },
    now: Date,
  ): { product: SimProduct | null; userErrors: UserError[] } {
    const product = this.product(shop, input.id);
    if (!product) {
      return { product: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] };
    }
    if (input.title === '') {
      return { product: null, userErrors: [{ field: ['title'], message: "Title can't be blank" }] };
    }
    if (input.status != null) product.status = input.status;
    if (input.title != null) product.title = input.title;
    product.updatedAt = now.toISOString();
    this.save();
    return { product, userErrors: [] };
  }
}

/** The userErrors Shopify answers for bad product input; messages follow Shopify's wording [U]. */
function validateProductSet(input: ProductSetInput, existing: SimProduct | null): UserError[] {
  const errors: UserError[] = [];
  const title = input.title ?? existing?.title ?? '';
  if (!title.trim()) {
    errors.push({ code: 'BLANK', field: ['input', 'title'], message: "Title can't be blank" });
  }
  if (input.category && !categoryById(input.category)) {
    errors.push({
      code: 'INVALID_INPUT',
      field: ['input', 'category'],
      message: 'Category does not exist',
    });
  }
  const options = input.productOptions ?? null;
  if (options && options.length > MAX_OPTIONS) {
    errors.push({
      code: 'OPTIONS_OVER_LIMIT',
      field: ['input', 'productOptions'],
      message: `Can only specify a maximum of ${MAX_OPTIONS} options`,
    });
  }
  const variants = input.variants ?? [];
  if (variants.length && !options) {
    errors.push({
      code: 'INVALID_INPUT',
      field: ['input', 'productOptions'],
      message: 'Product options input is required when setting variants',
    });
    return errors;
  }
  const seen = new Set<string>();
  const files = new Set((input.files ?? []).map((f) => f.originalSource));
  variants.forEach((variant, i) => {
    const field = ['input', 'variants', String(i)];
    // Shopify attaches a variant's file only when the product's `files` lists it too.
    const source = variant.file?.originalSource;
    if (source && !files.has(source)) {
      errors.push({
        code: 'INVALID_VARIANT',
        field: [...field, 'file'],
        message: 'The variant file must also be listed in the product files',
      });
    }
    for (const value of variant.optionValues) {
      const option = options?.find((o) => o.name === value.optionName);
      if (!option?.values?.some((v) => v.name === value.name)) {
        errors.push({
          code: 'INVALID_VARIANT',
          field: [...field, 'optionValues'],
          message: `Option value '${value.name}' does not exist for option '${value.optionName}'`,
        });
      }
    }
    const combo = variant.optionValues.map((o) => `${o.optionName}=${o.name}`).join('/');
    if (seen.has(combo)) {
      errors.push({
        code: 'INVALID_VARIANT',
        field: [...field, 'optionValues'],
        message: 'The variant already exists',
      });
    }
    seen.add(combo);
    if (variant.price != null && !DECIMAL.test(variant.price)) {
      errors.push({
        code: 'INVALID_VARIANT',
        field: [...field, 'price'],
        message: 'Price must be a non-negative decimal',
      });
    }
    variant.inventoryQuantities?.forEach((q, j) => {
      if (q.locationId !== PRIMARY_LOCATION_ID) {
        errors.push({
          code: 'INVALID_INPUT',
          field: [...field, 'inventoryQuantities', String(j), 'locationId'],
          message: 'Location does not exist',
        });
      }
    });
  });
  return errors;
}
