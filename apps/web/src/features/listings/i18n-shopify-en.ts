import type { shopifyListingsZhCN } from './i18n-shopify-zh-cn.ts';

export const shopifyListingsEn: typeof shopifyListingsZhCN = {
  empty:
    'No Shopify listings yet. Select products in "Private finished library" and choose "Publish to…" → Shopify to start',
  columns: { store: 'Store', variants: '{{count}} variants' },
  confirm: {
    publish: 'Publish the {{count}} selected listings to Shopify?',
    down: 'Take the {{count}} selected listings down? Their Shopify products are archived',
    delete: 'Delete the {{count}} selected listings?',
    deleteHint: 'Published listings are archived on Shopify first. This cannot be undone.',
  },
  create: {
    title: 'Publish to Shopify ({{count}} products)',
    store: 'Shopify store',
    noStores: 'No Shopify store is ready yet; authorize one under "Stores" first',
  },
  editor: {
    title: 'Edit Shopify listing',
    basics: 'Shopify details',
    vendor: 'Vendor',
    category: 'Product category (Shopify taxonomy)',
    categoryHint: 'Pick level by level; may stay empty',
    tags: 'Tags',
    tagsHint: 'Separate with commas',
    status: 'Status',
    statuses: { ACTIVE: 'Active', DRAFT: 'Draft' },
    texts: 'Title and description',
    title_: 'Title',
    describe: 'Description',
    variants: 'Variants',
    option: 'Options',
    price: 'Price ({{currency}})',
    quantity: 'Stock',
    barcode: 'Barcode (UPC/EAN)',
    barcodeHint: 'Left empty, publishing takes one from the UPC pool',
    save: 'Save',
    saveAndPublish: 'Save and publish',
    saved: 'Saved',
    compliance: 'Pre-publish check',
    ok: 'Ready to publish',
    remote: 'Shopify product',
  },
};
