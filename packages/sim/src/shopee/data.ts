/** Fixed marketplace data of the simulator: shops per region, a small category tree, channels. */

/** Currency and price decimals per region (Shopee allows cents only in some regions). */
export const REGIONS: Record<string, { currency: string; decimals: number; shopId: number }> = {
  SG: { currency: 'SGD', decimals: 2, shopId: 322300222 },
  MY: { currency: 'MYR', decimals: 2, shopId: 322300223 },
  TH: { currency: 'THB', decimals: 0, shopId: 322300224 },
  TW: { currency: 'TWD', decimals: 0, shopId: 322300225 },
  VN: { currency: 'VND', decimals: 0, shopId: 322300226 },
  PH: { currency: 'PHP', decimals: 0, shopId: 322300227 },
  ID: { currency: 'IDR', decimals: 0, shopId: 322300228 },
  BR: { currency: 'BRL', decimals: 2, shopId: 322300229 },
  MX: { currency: 'MXN', decimals: 2, shopId: 322300230 },
};

export interface SimCategory {
  category_id: number;
  parent_category_id: number;
  original_category_name: string;
  display_category_name: string;
  has_children: boolean;
}

const category = (id: number, parent: number, name: string, hasChildren = false): SimCategory => ({
  category_id: id,
  parent_category_id: parent,
  original_category_name: name,
  display_category_name: name,
  has_children: hasChildren,
});

export const CATEGORIES: SimCategory[] = [
  category(100001, 0, 'Women Clothes', true),
  category(100011, 100001, 'Dresses'),
  category(100012, 100001, 'Tops'),
  category(100002, 0, 'Mobile & Gadgets', true),
  category(100021, 100002, 'Phone Cases'),
  category(100022, 100002, 'Cables & Chargers'),
];

export interface SimAttribute {
  attribute_id: number;
  mandatory: boolean;
  name: string;
  attribute_value_list: Array<{ value_id: number; name: string; value_unit: string }>;
  attribute_info: { input_type: number; max_value_count: number };
}

const values = (first: number, names: string[]) =>
  names.map((name, i) => ({ value_id: first + i, name, value_unit: '' }));

const MATERIAL: SimAttribute = {
  attribute_id: 4990,
  mandatory: true,
  name: 'Material',
  attribute_value_list: values(32140, ['Cotton', 'Polyester', 'Silicone', 'Leather']),
  attribute_info: { input_type: 1, max_value_count: 1 },
};
const STYLE: SimAttribute = {
  attribute_id: 4991,
  mandatory: false,
  name: 'Style',
  attribute_value_list: [],
  attribute_info: { input_type: 3, max_value_count: 1 },
};
const COMPATIBILITY: SimAttribute = {
  attribute_id: 4992,
  mandatory: true,
  name: 'Phone Model',
  attribute_value_list: values(32200, ['iPhone 15', 'iPhone 16', 'Galaxy S24']),
  attribute_info: { input_type: 2, max_value_count: 5 },
};

/** Attributes of the leaf categories. */
export const ATTRIBUTES: Record<number, SimAttribute[]> = {
  100011: [MATERIAL, STYLE],
  100012: [MATERIAL, STYLE],
  100021: [MATERIAL, COMPATIBILITY],
  100022: [STYLE],
};

export const LOGISTICS_CHANNELS = [
  { id: 18025, name: 'Standard Delivery', enabled: true, cod: true },
  { id: 18028, name: 'Express Delivery', enabled: true, cod: false },
  { id: 18099, name: 'Bulky Delivery', enabled: false, cod: false },
].map((c) => ({
  logistics_channel_id: c.id,
  logistics_channel_name: c.name,
  enabled: c.enabled,
  cod_enabled: c.cod,
  fee_type: 'SIZE_INPUT',
  weight_limit: { item_max_weight: 30, item_min_weight: 0.01 },
  item_max_dimension: { height: 100, width: 100, length: 100, unit: 'cm', dimension_sum: 0 },
  size_list: [],
  mask_channel_id: 0,
}));

export const FIRST_MILE_CHANNELS = [
  {
    logistics_channel_id: 810001,
    logistics_channel_name: 'CN Pickup (Shenzhen)',
    shipment_method: 'pickup',
  },
  {
    logistics_channel_id: 810002,
    logistics_channel_name: 'CN Drop-off (Yiwu)',
    shipment_method: 'dropoff',
  },
] as const;

export const SHIPPING_DOCUMENT_TYPES = [
  'NORMAL_AIR_WAYBILL',
  'THERMAL_AIR_WAYBILL',
  'NORMAL_JOB_AIR_WAYBILL',
  'THERMAL_JOB_AIR_WAYBILL',
  'THERMAL_UNPACKAGED_LABEL',
] as const;

/** What buyers order from a shop that has published nothing yet. */
export const DEMO_CATALOGUE = [
  { sku: 'DEMO-CASE-BLK', title: 'Silicone phone case, black', price: 12.9, itemId: 9000001 },
  { sku: 'DEMO-CABLE-1M', title: 'USB-C cable 1 m', price: 8.5, itemId: 9000002 },
  { sku: 'DEMO-DRESS-M', title: 'Summer dress, size M', price: 29.9, itemId: 9000003 },
];
