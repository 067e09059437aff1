/** The simulator's fixed seller data: a small category tree with templates, freight and warehouses. */

export interface SimCategory {
  catId: number;
  catName: string;
  parentId: number;
  catType: 0 | 1;
}

export const CATEGORIES: readonly SimCategory[] = [
  { catId: 24001, catName: 'Home & Kitchen', parentId: 0, catType: 1 },
  { catId: 24101, catName: 'Kitchen Storage', parentId: 24001, catType: 1 },
  { catId: 24102, catName: 'Bedding', parentId: 24001, catType: 1 },
  { catId: 24201, catName: 'Pillows', parentId: 24102, catType: 1 },
  { catId: 25001, catName: 'Cell Phones & Accessories', parentId: 0, catType: 1 },
  { catId: 25101, catName: 'Phone Cases', parentId: 25001, catType: 1 },
  { catId: 25102, catName: 'Chargers', parentId: 25001, catType: 1 },
  { catId: 26001, catName: "Women's Clothing", parentId: 0, catType: 0 },
  { catId: 26101, catName: "Women's T-Shirts", parentId: 26001, catType: 0 },
];

export const isLeaf = (catId: number) => !CATEGORIES.some((c) => c.parentId === catId);

export interface SimTemplateProperty {
  templatePid: number;
  pid: number;
  refPid: number;
  name: string;
  required: boolean;
  isSale: boolean;
  values: Array<{ vid: number; value: string }>;
}

const options = (base: number, values: string[]) =>
  values.map((value, i) => ({ vid: base + i, value }));

/** Every leaf shares the general properties; apparel adds its own. Ids are stable per name. */
export function templateOf(catId: number): SimTemplateProperty[] {
  const general: SimTemplateProperty[] = [
    {
      templatePid: 1001,
      pid: 1,
      refPid: 11,
      name: 'Material',
      required: true,
      isSale: false,
      values: options(5001, ['Plastic', 'Silicone', 'Cotton', 'Metal']),
    },
    {
      templatePid: 1002,
      pid: 2,
      refPid: 12,
      name: 'Style',
      required: false,
      isSale: false,
      values: [],
    },
    {
      templatePid: 1003,
      pid: 3,
      refPid: 13,
      name: 'Color',
      required: false,
      isSale: true,
      values: options(6001, ['Black', 'White', 'Red', 'Blue']),
    },
  ];
  const apparel = CATEGORIES.find((c) => c.catId === catId)?.catType === 0;
  if (!apparel) return general;
  return [
    ...general,
    {
      templatePid: 1004,
      pid: 4,
      refPid: 14,
      name: 'Size',
      required: false,
      isSale: true,
      values: options(7001, ['S', 'M', 'L', 'XL']),
    },
    {
      templatePid: 1005,
      pid: 5,
      refPid: 15,
      name: 'Fit',
      required: true,
      isSale: false,
      values: options(5101, ['Regular', 'Slim', 'Loose']),
    },
  ];
}

export const FREIGHT_TEMPLATES = [
  { templateId: 'LFT-14523879912320', templateName: 'Standard shipping' },
  { templateId: 'LFT-14523879912321', templateName: 'Free shipping over $35' },
];

export const WAREHOUSES = [
  {
    warehouseId: 'WH-2024061100001',
    warehouseName: 'Main warehouse (Ontario, CA)',
    // [U: the address fields are the simulator's; the docs were not copied]
    warehouseAddress: {
      regionName1: 'US',
      regionName2: 'California',
      regionName3: 'Ontario',
      addressLine1: '1500 S Milliken Ave',
      addressLine2: 'Dock 12',
      postCode: '91761',
      contactName: 'Receiving',
      contactPhone: '+1 909 555 0134',
    },
  },
];

/** `bg.logistics.companies.get` [U: the shape is ours; the docs were not copied]. */
export const CARRIERS = [
  { shipId: 699272611, shipCompanyName: 'USPS' },
  { shipId: 960246690, shipCompanyName: 'UPS' },
  { shipId: 310004001, shipCompanyName: 'Yanwen' },
  { shipId: 310004002, shipCompanyName: '4PX' },
  { shipId: 310004003, shipCompanyName: 'YunExpress' },
  { shipId: 310004004, shipCompanyName: 'China Post' },
  { shipId: 310004005, shipCompanyName: 'Cainiao' },
  { shipId: 310004006, shipCompanyName: 'SF Express' },
  { shipId: 310004007, shipCompanyName: 'DHL eCommerce' },
];

export const SHIPPING_SERVICES = [
  {
    channelId: 9101,
    shipCompanyId: 699272611,
    shipCompanyName: 'USPS',
    shippingServiceName: 'USPS Ground Advantage',
  },
  {
    channelId: 9102,
    shipCompanyId: 960246690,
    shipCompanyName: 'UPS',
    shippingServiceName: 'UPS Ground',
  },
];

/** What buyers order from a mall that has published nothing yet. */
export const DEMO_SKUS = [
  { sku: 'DEMO-CASE-BLK', title: 'Shockproof phone case, black', unitMinor: 1299 },
  { sku: 'DEMO-PILLOW-2P', title: 'Memory foam pillow, 2 pack', unitMinor: 3499 },
  { sku: 'DEMO-JAR-SET', title: 'Glass storage jars, set of 6', unitMinor: 2199 },
];
