import { ATTRIBUTES, CATEGORIES, LOGISTICS_CHANNELS, REGIONS } from './data.ts';
import { paramError, productParamError, ShopeeError } from './errors.ts';
import {
  bodyInt,
  bodyList,
  commaList,
  optionalInt,
  pageSize,
  requiredInt,
  type Body,
} from './params.ts';
import type { ShopContext } from './context.ts';
import type { SimItem, SimModel, SimTier } from './state.ts';

const ITEM_STATUSES = ['NORMAL', 'BANNED', 'UNLIST', 'REVIEWING', 'SELLER_DELETE', 'SHOPEE_DELETE'];

export function getCategory() {
  return { category_list: CATEGORIES };
}

export function getAttributeTree(ctx: ShopContext) {
  const ids = commaList(ctx.query, 'category_id_list', 20).map(Number);
  return {
    list: ids.map((id) => {
      if (!CATEGORIES.some((c) => c.category_id === id)) {
        throw paramError(`Wrong parameters, detail: category_id ${id} is invalid.`);
      }
      return { category_id: id, attribute_tree: ATTRIBUTES[id] ?? [] };
    }),
  };
}

function findItem(ctx: ShopContext, itemId: number): SimItem {
  const item = ctx.shop.items[String(itemId)];
  if (!item || item.item_status === 'SELLER_DELETE') {
    throw new ShopeeError('error_item_not_found', 'Item_id is not found.');
  }
  return item;
}

const positive = (value: unknown) => typeof value === 'number' && value > 0;

/** The add_item checks of reference 3.6, refused with Shopee's `invalid field X` messages. */
function validateItem(ctx: ShopContext, body: Body): void {
  if (typeof body.item_name !== 'string' || !body.item_name) throw productParamError('ItemName');
  if (typeof body.description !== 'string' || !body.description) {
    throw productParamError('Description');
  }
  if (!positive(body.original_price)) throw productParamError('OriginalPrice');
  if (!positive(body.weight)) throw productParamError('Weight');
  const category = CATEGORIES.find((c) => c.category_id === body.category_id);
  if (!category) throw productParamError('CategoryId');
  if (category.has_children) throw productParamError('CategoryId', 'category is not a leaf');
  const images = (body.image as { image_id_list?: unknown } | undefined)?.image_id_list;
  if (!Array.isArray(images) || images.length === 0) throw productParamError('Image');
  for (const id of images) {
    if (typeof id !== 'string' || !ctx.store.hasImage(id)) {
      throw productParamError('Image', `image_id ${String(id)} does not exist`);
    }
  }
  const logistics = body.logistic_info;
  if (!Array.isArray(logistics) || logistics.length === 0) throw productParamError('LogisticInfo');
  for (const entry of logistics as Body[]) {
    const channel = LOGISTICS_CHANNELS.find((c) => c.logistics_channel_id === entry.logistic_id);
    if (!channel?.enabled) {
      throw productParamError(
        'LogisticInfo',
        `logistic_id ${String(entry.logistic_id)} is not enabled`,
      );
    }
  }
  const given = new Set(
    ((body.attribute_list as Body[] | undefined) ?? []).map((a) => a.attribute_id),
  );
  for (const attribute of ATTRIBUTES[category.category_id] ?? []) {
    if (attribute.mandatory && !given.has(attribute.attribute_id)) {
      throw productParamError(
        'AttributeList',
        `mandatory attribute ${attribute.attribute_id} is missing`,
      );
    }
  }
}

function writeItem(item: SimItem, body: Body): void {
  item.item_name = body.item_name as string;
  item.description = body.description as string;
  item.item_sku = (body.item_sku as string | undefined) ?? '';
  item.category_id = body.category_id as number;
  item.original_price = body.original_price as number;
  item.weight = body.weight as number;
  item.dimension = (body.dimension as Record<string, number> | undefined) ?? null;
  item.logistic_info = body.logistic_info as Body[];
  item.attribute_list = (body.attribute_list as Body[] | undefined) ?? [];
  item.brand = (body.brand as Body | undefined) ?? { brand_id: 0, original_brand_name: 'NoBrand' };
  item.image_id_list = (body.image as { image_id_list: string[] }).image_id_list;
  item.condition = (body.condition as string | undefined) ?? 'NEW';
  if (body.item_status === 'UNLIST' || body.item_status === 'NORMAL') {
    item.item_status = body.item_status;
  }
}

function itemEcho(item: SimItem) {
  return {
    item_id: item.item_id,
    item_status: item.item_status,
    item_name: item.item_name,
    item_sku: item.item_sku,
    category_id: item.category_id,
    original_price: item.original_price,
    image: { image_id_list: item.image_id_list },
  };
}

export function addItem(ctx: ShopContext) {
  validateItem(ctx, ctx.body);
  const stock = (ctx.body.seller_stock as Array<{ stock?: number }> | undefined)?.[0]?.stock ?? 0;
  const item: SimItem = {
    item_id: 800000000 + ++ctx.shop.counters.item,
    stock,
    create_time: ctx.now,
    update_time: ctx.now,
    item_status: 'NORMAL',
    tiers: [],
    models: [],
  } as unknown as SimItem;
  writeItem(item, ctx.body);
  ctx.shop.items[String(item.item_id)] = item;
  return itemEcho(item);
}

export function updateItem(ctx: ShopContext) {
  const item = findItem(ctx, bodyInt(ctx.body, 'item_id'));
  const merged = { ...itemToBody(item), ...ctx.body };
  validateItem(ctx, merged);
  writeItem(item, merged);
  item.update_time = ctx.now;
  return itemEcho(item);
}

function itemToBody(item: SimItem): Body {
  return { ...item, image: { image_id_list: item.image_id_list } };
}

export function deleteItem(ctx: ShopContext) {
  const item = findItem(ctx, bodyInt(ctx.body, 'item_id'));
  item.item_status = 'SELLER_DELETE';
  item.update_time = ctx.now;
  return undefined;
}

export function unlistItem(ctx: ShopContext) {
  const success_list: Array<{ item_id: number }> = [];
  const failure_list: Array<{ item_id: unknown; failed_reason: string }> = [];
  for (const entry of bodyList(ctx.body, 'item_list')) {
    const item = ctx.shop.items[String(entry.item_id)];
    if (!item || item.item_status === 'SELLER_DELETE') {
      failure_list.push({ item_id: entry.item_id, failed_reason: 'Item_id is not found.' });
      continue;
    }
    if (item.item_status === 'BANNED') {
      failure_list.push({ item_id: item.item_id, failed_reason: 'Item is banned.' });
      continue;
    }
    item.item_status = entry.unlist === false ? 'NORMAL' : 'UNLIST';
    item.update_time = ctx.now;
    success_list.push({ item_id: item.item_id });
  }
  return { success_list, failure_list };
}

export function getItemList(ctx: ShopContext) {
  const offset = requiredInt(ctx.query, 'offset');
  const size = pageSize(ctx.query, 100);
  const statuses = ctx.query.getAll('item_status');
  if (statuses.length === 0) throw paramError('Wrong parameters, detail: item_status is required.');
  if (statuses.some((s) => !ITEM_STATUSES.includes(s))) {
    throw paramError('Wrong parameters, detail: item_status is invalid.');
  }
  const from = optionalInt(ctx.query, 'update_time_from');
  const to = optionalInt(ctx.query, 'update_time_to');
  const matching = Object.values(ctx.shop.items)
    .filter((i) => statuses.includes(i.item_status))
    .filter((i) => (from === null || i.update_time >= from) && (to === null || i.update_time <= to))
    .sort((a, b) => a.item_id - b.item_id);
  const page = matching.slice(offset, offset + size);
  const hasNext = offset + size < matching.length;
  return {
    item: page.map((i) => ({
      item_id: i.item_id,
      item_status: i.item_status,
      update_time: i.update_time,
    })),
    total_count: matching.length,
    has_next_page: hasNext,
    next_offset: hasNext ? offset + size : matching.length,
  };
}

export function getItemBaseInfo(ctx: ShopContext) {
  const ids = commaList(ctx.query, 'item_id_list', 50);
  const { currency } = REGIONS[ctx.shop.region]!;
  const item_list = ids
    .map((id) => ctx.shop.items[id])
    .filter((i): i is SimItem => i !== undefined)
    .map((i) => ({
      item_id: i.item_id,
      category_id: i.category_id,
      item_name: i.item_name,
      description: i.description,
      item_sku: i.item_sku,
      create_time: i.create_time,
      update_time: i.update_time,
      attribute_list: i.attribute_list,
      price_info:
        i.models.length > 0
          ? []
          : [{ currency, original_price: i.original_price, current_price: i.original_price }],
      stock_info_v2: {
        summary_info: {
          total_reserved_stock: 0,
          total_available_stock:
            i.models.length > 0 ? i.models.reduce((n, m) => n + m.stock, 0) : i.stock,
        },
      },
      image: {
        image_id_list: i.image_id_list,
        image_url_list: i.image_id_list.map((id) => `${ctx.publicUrl}/file/${id}`),
      },
      weight: String(i.weight),
      dimension: i.dimension ?? undefined,
      logistic_info: i.logistic_info,
      condition: i.condition,
      item_status: i.item_status,
      has_model: i.models.length > 0,
      brand: i.brand,
    }));
  return { item_list };
}

/** A model's tier_index must point at an option of each tier. */
function checkTierIndex(tiers: SimTier[], tierIndex: unknown): number[] {
  const ok =
    Array.isArray(tierIndex) &&
    tierIndex.length === tiers.length &&
    tierIndex.every(
      (i, level) => Number.isInteger(i) && i >= 0 && i < tiers[level]!.options.length,
    );
  if (!ok) throw paramError('Model tier_index error.');
  return tierIndex as number[];
}

function newModel(ctx: ShopContext, item: SimItem, entry: Body): SimModel {
  const tierIndex = checkTierIndex(item.tiers, entry.tier_index);
  if (item.models.some((m) => m.tier_index.join() === tierIndex.join())) {
    throw paramError('Wrong parameters, detail: duplicate tier_index.');
  }
  if (!positive(entry.original_price))
    throw paramError('Invalid price, please use the correct format');
  const stock = (entry.seller_stock as Array<{ stock?: number }> | undefined)?.[0]?.stock ?? 0;
  return {
    model_id: 900000000 + ++ctx.shop.counters.model,
    model_sku: (entry.model_sku as string | undefined) ?? '',
    tier_index: tierIndex,
    original_price: entry.original_price as number,
    stock,
  };
}

const modelView = (m: SimModel) => ({
  model_id: m.model_id,
  model_sku: m.model_sku,
  tier_index: m.tier_index,
});

export function initTierVariation(ctx: ShopContext) {
  const item = findItem(ctx, bodyInt(ctx.body, 'item_id'));
  if (item.tiers.length > 0) {
    throw paramError('Wrong parameters, detail: item already has tier_variation.');
  }
  const tiers = bodyList(ctx.body, 'standardise_tier_variation', 2).map((t): SimTier => {
    const options = t.variation_option_list;
    if (typeof t.variation_name !== 'string' || !t.variation_name) {
      throw new ShopeeError(
        'error_nil_name_new_item_model',
        'Item tier_variation name cannot be empty.',
      );
    }
    if (!Array.isArray(options) || options.length === 0) {
      throw paramError('Wrong parameters, detail: variation_option_list is required.');
    }
    return {
      name: t.variation_name,
      options: (options as Body[]).map((o) => ({
        option: String(o.variation_option_name ?? ''),
        ...(typeof o.image_id === 'string' ? { image_id: o.image_id } : {}),
      })),
    };
  });
  item.tiers = tiers;
  const models: SimModel[] = [];
  try {
    for (const entry of bodyList(ctx.body, 'model')) {
      const model = newModel(ctx, { ...item, models }, entry);
      models.push(model);
    }
  } catch (error) {
    item.tiers = [];
    throw error;
  }
  item.models = models;
  item.update_time = ctx.now;
  return { item_id: item.item_id, model: models.map(modelView) };
}

export function addModel(ctx: ShopContext) {
  const item = findItem(ctx, bodyInt(ctx.body, 'item_id'));
  if (item.tiers.length === 0) {
    throw paramError(
      'Item without tier_variation. Please use init_tier_variation api to upgrade the structure.',
    );
  }
  const added: SimModel[] = [];
  for (const entry of bodyList(ctx.body, 'model_list')) {
    added.push(newModel(ctx, { ...item, models: [...item.models, ...added] }, entry));
  }
  item.models.push(...added);
  item.update_time = ctx.now;
  return { model: added.map(modelView) };
}

export function getModelList(ctx: ShopContext) {
  const item = findItem(ctx, requiredInt(ctx.query, 'item_id'));
  const { currency } = REGIONS[ctx.shop.region]!;
  return {
    tier_variation: item.tiers.map((t) => ({
      name: t.name,
      option_list: t.options.map((o) => ({ option: o.option })),
    })),
    model: item.models.map((m) => ({
      ...modelView(m),
      price_info: [{ currency, original_price: m.original_price, current_price: m.original_price }],
      stock_info_v2: {
        summary_info: { total_reserved_stock: 0, total_available_stock: m.stock },
        seller_stock: [{ stock: m.stock }],
      },
    })),
  };
}

/** update_price and update_stock: model_id 0 is the item itself when it has no models. */
function updateModels<T extends Body>(
  ctx: ShopContext,
  listName: string,
  apply: (target: { original_price: number; stock: number }, entry: T) => Body,
) {
  const item = findItem(ctx, bodyInt(ctx.body, 'item_id'));
  const success_list: Body[] = [];
  const failure_list: Body[] = [];
  for (const entry of bodyList(ctx.body, listName) as T[]) {
    const modelId = (entry.model_id as number | undefined) ?? 0;
    const target =
      modelId === 0
        ? item.models.length === 0
          ? item
          : null
        : item.models.find((m) => m.model_id === modelId);
    if (!target) {
      failure_list.push({
        model_id: modelId,
        failed_reason:
          modelId === 0
            ? "Can't edit item price directly while item has models."
            : 'Wrong model_id.',
      });
      continue;
    }
    success_list.push({ model_id: modelId, ...apply(target, entry) });
  }
  item.update_time = ctx.now;
  return { success_list, failure_list };
}

export function updatePrice(ctx: ShopContext) {
  return updateModels(ctx, 'price_list', (target, entry) => {
    if (!positive(entry.original_price)) {
      throw new ShopeeError('error_invalid_price', 'Invalid price, please use the correct format');
    }
    target.original_price = entry.original_price as number;
    return { original_price: target.original_price };
  });
}

export function updateStock(ctx: ShopContext) {
  return updateModels(ctx, 'stock_list', (target, entry) => {
    const stock = (entry.seller_stock as Array<{ stock?: unknown }> | undefined)?.[0]?.stock;
    if (typeof stock !== 'number' || !Number.isInteger(stock) || stock < 0) {
      throw paramError('Wrong parameters, detail: seller_stock is invalid.');
    }
    target.stock = stock;
    return { stock };
  });
}
