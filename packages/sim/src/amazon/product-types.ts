/**
 * The product types the simulator knows, and the JSON Schema it serves for each. Real schemas
 * (draft 2019-09 with Amazon's meta-schema) are far larger; these keep their shape: every
 * attribute is an array of objects with a `value` (plus `language_tag` / `marketplace_id`), the
 * top-level `required` list, and an `if parentage_level is parent … else required […]` rule
 * for the offer attributes a variation parent does not carry.
 */
export interface SimAttribute {
  title: string;
  /** Type of the `value` member; `object` attributes have their own members. */
  value?: {
    type: 'string' | 'number' | 'integer' | 'boolean';
    enum?: string[];
    /** English names of `enum`, same order; the schema serves them localized. */
    enumNames?: string[];
  };
  members?: Record<string, unknown>;
}

export interface SimProductType {
  name: string;
  displayName: string;
  /** Required on every listing. */
  required: string[];
  /** Required on a listing that is not a variation parent. */
  requiredUnlessParent: string[];
  attributes: Record<string, SimAttribute>;
  variationThemes: string[];
}

const text = (title: string): SimAttribute => ({ title, value: { type: 'string' } });
/** An enum attribute from its codes and their English names. */
const choice = (title: string, names: Record<string, string>): SimAttribute => ({
  title,
  value: { type: 'string', enum: Object.keys(names), enumNames: Object.values(names) },
});

const COMMON: Record<string, SimAttribute> = {
  item_name: text('Item Name'),
  brand: text('Brand Name'),
  product_description: text('Product Description'),
  bullet_point: text('Bullet Point'),
  generic_keyword: text('Generic Keyword'),
  condition_type: choice('Condition', {
    new_new: 'New',
    used_like_new: 'Used - Like New',
    used_good: 'Used - Good',
  }),
  color: text('Color'),
  size: text('Size'),
  parentage_level: choice('Parentage Level', { parent: 'Parent', child: 'Child' }),
  child_parent_sku_relationship: {
    title: 'Child Parent SKU Relationship',
    members: { child_relationship_type: { enum: ['variation'] }, parent_sku: { type: 'string' } },
  },
  variation_theme: {
    title: 'Variation Theme',
    members: { name: { type: 'string' } },
  },
  list_price: {
    title: 'List Price',
    members: { currency: { type: 'string' }, value: { type: 'number' } },
  },
  purchasable_offer: {
    title: 'Purchasable Offer',
    members: { currency: { type: 'string' }, our_price: { type: 'array' } },
  },
  fulfillment_availability: {
    title: 'Fulfillment Availability',
    members: { fulfillment_channel_code: { type: 'string' }, quantity: { type: 'integer' } },
  },
  main_product_image_locator: {
    title: 'Main Image Location',
    members: { media_location: { type: 'string', format: 'uri' } },
  },
  ...Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [
      `other_product_image_locator_${i + 1}`,
      { title: `Other Image Location ${i + 1}`, members: { media_location: { type: 'string' } } },
    ]),
  ),
  externally_assigned_product_identifier: {
    title: 'External Product ID',
    members: { type: { enum: ['ean', 'upc', 'gtin'] }, value: { type: 'string' } },
  },
  supplier_declared_has_product_identifier_exemption: {
    title: 'Product Identifier Exemption',
    value: { type: 'boolean' },
  },
};

const BASE_REQUIRED = [
  'item_name',
  'brand',
  'product_description',
  'bullet_point',
  'condition_type',
];
const OFFER_REQUIRED = [
  'purchasable_offer',
  'fulfillment_availability',
  'main_product_image_locator',
];

export const PRODUCT_TYPES: SimProductType[] = [
  {
    name: 'SHIRT',
    displayName: 'Shirt',
    required: [...BASE_REQUIRED, 'department'],
    requiredUnlessParent: [...OFFER_REQUIRED, 'color', 'size'],
    attributes: {
      ...COMMON,
      department: choice('Department', {
        mens: 'Men',
        womens: 'Women',
        'unisex-adult': 'Unisex Adult',
        boys: 'Boys',
        girls: 'Girls',
      }),
    },
    variationThemes: ['COLOR', 'SIZE', 'COLOR/SIZE', 'SIZE/COLOR'],
  },
  {
    name: 'HAT',
    displayName: 'Hat',
    required: BASE_REQUIRED,
    requiredUnlessParent: [...OFFER_REQUIRED, 'color'],
    attributes: COMMON,
    variationThemes: ['COLOR', 'SIZE', 'COLOR/SIZE'],
  },
  {
    name: 'MUG',
    displayName: 'Mug',
    required: [...BASE_REQUIRED, 'capacity'],
    requiredUnlessParent: OFFER_REQUIRED,
    attributes: {
      ...COMMON,
      capacity: {
        title: 'Capacity',
        value: { type: 'number' },
        members: { unit: { enum: ['ounces', 'milliliters'] } },
      },
    },
    variationThemes: ['COLOR'],
  },
  {
    name: 'BAG',
    displayName: 'Bag',
    required: [...BASE_REQUIRED, 'material'],
    requiredUnlessParent: [...OFFER_REQUIRED, 'color'],
    attributes: {
      ...COMMON,
      material: choice('Material', {
        canvas: 'Canvas',
        cotton: 'Cotton',
        polyester: 'Polyester',
        leather: 'Leather',
        jute: 'Jute',
      }),
    },
    variationThemes: ['COLOR', 'SIZE', 'COLOR/SIZE'],
  },
];

export const productTypeByName = (name: string) => PRODUCT_TYPES.find((p) => p.name === name);

/**
 * Display names, titles and enum names for the `zh_CN` locale, as Amazon localizes them when asked;
 * every other locale reads the English ones.
 */
const ZH_CN: Record<string, string> = {
  Shirt: '衬衫',
  Hat: '帽子',
  Mug: '马克杯',
  Bag: '包袋',
  'Item Name': '商品名称',
  'Brand Name': '品牌',
  'Product Description': '商品描述',
  'Bullet Point': '五点描述',
  'Generic Keyword': '搜索关键词',
  Condition: '商品状况',
  Color: '颜色',
  Size: '尺码',
  'Parentage Level': '父子关系级别',
  'Child Parent SKU Relationship': '子体与父体 SKU 关系',
  'Variation Theme': '变体主题',
  'List Price': '标价',
  'Purchasable Offer': '可购买报价',
  'Fulfillment Availability': '配送可用性',
  'Main Image Location': '主图地址',
  'External Product ID': '外部商品编码',
  'Product Identifier Exemption': '商品编码豁免',
  Department: '适用人群',
  Capacity: '容量',
  Material: '材质',
  New: '全新',
  'Used - Like New': '二手 - 近乎全新',
  'Used - Good': '二手 - 良好',
  Parent: '父体',
  Child: '子体',
  Men: '男士',
  Women: '女士',
  'Unisex Adult': '男女通用（成人）',
  Boys: '男童',
  Girls: '女童',
  Canvas: '帆布',
  Cotton: '棉',
  Polyester: '涤纶',
  Leather: '皮革',
  Jute: '黄麻',
};

/** `text` in `locale` (`zh_CN`, `en_US`…); other image locations keep their number. */
export function localized(text: string, locale: string | null): string {
  if (locale !== 'zh_CN') return text;
  const other = /^Other Image Location (\d+)$/.exec(text);
  if (other) return `其他图片地址 ${other[1]}`;
  return ZH_CN[text] ?? text;
}

export const SCHEMA_VERSION = 'U8DM7dNWjNMQ=';

function attributeSchema(attribute: SimAttribute, locale: string | null): Record<string, unknown> {
  const title = localized(attribute.title, locale);
  const properties: Record<string, unknown> = {
    ...(attribute.members ?? {}),
    marketplace_id: { type: 'string' },
    language_tag: { type: 'string' },
  };
  const value = attribute.value;
  if (value) {
    // Like Amazon's, `enumNames` come in the requested locale, in the order of `enum`.
    const enumNames = value.enumNames?.map((name) => localized(name, locale));
    properties.value = { ...value, title, ...(enumNames ? { enumNames } : {}) };
  }
  return {
    title,
    type: 'array',
    minItems: 1,
    items: {
      type: 'object',
      required: attribute.value ? ['value'] : Object.keys(attribute.members ?? {}),
      properties,
    },
  };
}

/** The JSON Schema a product type's `schema.link.resource` points at, titled and named in `locale`. */
export function productTypeSchema(
  type: SimProductType,
  locale: string | null = null,
): Record<string, unknown> {
  const properties = Object.fromEntries(
    Object.entries(type.attributes).map(([name, attribute]) => [
      name,
      attributeSchema(attribute, locale),
    ]),
  );
  const variation = properties.variation_theme as {
    items: { properties: Record<string, unknown> };
  };
  variation.items.properties.name = { type: 'string', enum: type.variationThemes };
  return {
    $schema: 'https://schemas.amazon.com/selling-partners/definitions/product-types/meta-schema/v1',
    $id: `https://schemas.amazon.com/selling-partners/definitions/product-types/schema/v1/${type.name}`,
    title: `Amazon Product Type Schema for ${type.name}`,
    type: 'object',
    required: type.required,
    properties,
    allOf: [
      {
        if: {
          required: ['parentage_level'],
          properties: {
            parentage_level: {
              contains: { required: ['value'], properties: { value: { const: 'parent' } } },
            },
          },
        },
        else: { required: type.requiredUnlessParent },
      },
    ],
  };
}
