import type {
  Language,
  CategoryDetailQuery,
  CategoryQuery,
  ListingCategoryAttribute,
  ListingCategoryDetail,
  ListingCategoryList,
} from '@app/shared';
import type { CategoryAttribute } from '../../integrations/marketplaces/connector.ts';
import { ValidationError, type FieldMessages } from '../../errors.ts';
import { storeSessionFor, type StoreAccess, type StoreRow } from '../markets/service.ts';
import type { ListingCtx } from './context.ts';
import { findListingStore } from './marketplace.ts';

/**
 * Product type definitions change rarely; one process keeps them ten minutes per connector, site and
 * language, so an editor session or a batch of a thousand listings asks the marketplace once per
 * type. Per connector, because another connector (the simulator, another app) may answer
 * otherwise.
 */
const TTL_MS = 10 * 60 * 1000;
const caches = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();

function cached<T>(connector: object, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(connector) ?? new Map<string, { at: number; value: Promise<unknown> }>();
  if (!caches.has(connector)) caches.set(connector, cache);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { at: Date.now(), value });
  // A failure is not remembered: the next call asks again.
  value.catch(() => cache.delete(key));
  return value;
}

/** The actor's Amazon store by id: 404 for another seller's, 422 for another marketplace's. */
export const findAmazonStore = (ctx: ListingCtx, storeId: number): Promise<StoreRow> =>
  findListingStore(ctx, storeId, 'amazon');

/** Product types with their names in the reader's language (`access.lang`). */
export function categoriesOf(access: StoreAccess & { lang: Language }, store: StoreRow) {
  const { connector, session } = storeSessionFor(access, store, { forWrite: false });
  return cached(connector, `${store.marketSiteId}:${access.lang}:types`, () =>
    connector.listCategories(session, null, access.lang),
  );
}

/**
 * The seller-given attributes a product type requires (built ones like title left out), labelled
 * in the reader's language.
 */
export function attributesOf(
  access: StoreAccess & { lang: Language },
  store: StoreRow,
  productType: string,
): Promise<CategoryAttribute[]> {
  const { connector, session } = storeSessionFor(access, store, { forWrite: false });
  return cached(connector, `${store.marketSiteId}:${access.lang}:${productType}`, () =>
    connector.categoryAttributes(session, productType, access.lang),
  );
}

export async function listCategories(
  ctx: ListingCtx,
  q: CategoryQuery,
): Promise<ListingCategoryList> {
  const store = await findAmazonStore(ctx, q.market_id);
  // Amazon product types are one flat list: below any parent there is nothing.
  if (q.parent_id) return { list: [] };
  const keyword = q.keyword?.toLowerCase();
  const list = (await categoriesOf(ctx, store))
    .filter(
      (c) =>
        !keyword || c.id.toLowerCase().includes(keyword) || c.name.toLowerCase().includes(keyword),
    )
    .map((c) => ({ id: c.id, name: c.name, parent_id: c.parentId, leaf: c.leaf }));
  return { list };
}

export async function showCategory(
  ctx: ListingCtx,
  q: CategoryDetailQuery,
): Promise<ListingCategoryDetail> {
  const store = await findAmazonStore(ctx, q.market_id);
  const types = await categoriesOf(ctx, store);
  if (!types.some((t) => t.id === q.category_id)) {
    throw new ValidationError({ category_id: 'listings.unknown_product_type' });
  }
  const attributes: ListingCategoryAttribute[] = (
    await attributesOf(ctx, store, q.category_id)
  ).map((a) => ({
    name: a.name,
    label: a.label,
    required: a.required,
    type: a.type,
    ...(a.options ? { options: a.options, option_names: a.optionNames ?? a.options } : {}),
  }));
  return { id: q.category_id, attributes };
}

/** Step 2 values checked against the definitions; field errors keyed `attributes.<name>`. */
export function attributeErrors(
  definitions: CategoryAttribute[],
  attributes: Record<string, unknown>,
  suppliedByItems: Set<string>,
): FieldMessages {
  const errors: FieldMessages = {};
  const known = new Map(definitions.map((d) => [d.name, d]));
  for (const [name, value] of Object.entries(attributes)) {
    const definition = known.get(name);
    if (!definition) {
      errors[`attributes.${name}`] = { key: 'listings.not_an_attribute', params: { name } };
      continue;
    }
    if (definition.type === 'number' && typeof value !== 'number') {
      errors[`attributes.${name}`] = 'listings.enter_number';
    } else if (definition.type === 'boolean' && typeof value !== 'boolean') {
      errors[`attributes.${name}`] = 'listings.choose_yes_no';
    } else if (definition.type === 'enum' && !definition.options?.includes(String(value))) {
      errors[`attributes.${name}`] = {
        key: 'listings.choose_one_of',
        // The choices by their names in the reader's language, as the editor lists them.
        params: { options: (definition.optionNames ?? definition.options ?? []).join(', ') },
      };
    } else if (definition.type === 'string' && String(value).trim() === '') {
      errors[`attributes.${name}`] = {
        key: 'listings.enter_attribute',
        params: { label: definition.label },
      };
    }
  }
  for (const definition of definitions) {
    if (!definition.required || hasValue(attributes, definition.name)) continue;
    if (suppliedByItems.has(definition.name)) continue;
    errors[`attributes.${definition.name}`] = {
      key: 'listings.attribute_required',
      params: { label: definition.label },
    };
  }
  return errors;
}

function hasValue(attributes: Record<string, unknown>, name: string): boolean {
  const value = attributes[name];
  return value !== undefined && value !== null && String(value).trim() !== '';
}
