import type {
  marketEditorZhCN,
  shopeeListingsZhCN,
  temuListingsZhCN,
} from './i18n-market-zh-cn.ts';

export const temuListingsEn: typeof temuListingsZhCN = {
  empty:
    'No Temu listings yet. Select products in "Private finished library" and choose "Publish to…" → Temu to start',
  columns: { store: 'Store', variants: '{{count}} SKUs' },
  confirm: {
    publish: 'Publish the {{count}} selected listings to Temu?',
    down: 'Take the {{count}} selected listings down? Their Temu goods go off shelf',
    delete: 'Delete the {{count}} selected listings?',
    deleteHint: 'Published listings are deleted from the Temu store too. This cannot be undone.',
  },
  create: {
    title: 'Publish to Temu ({{count}} products)',
    store: 'Temu store',
    noStores: 'No Temu store is ready yet; authorize one under "Stores" first',
  },
};

export const shopeeListingsEn: typeof shopeeListingsZhCN = {
  empty:
    'No Shopee listings yet. Select products in "Private finished library" and choose "Publish to…" → Shopee, or synchronise the shop\'s items',
  columns: { store: 'Shop', variants: '{{count}} variations' },
  confirm: {
    publish: 'Publish the {{count}} selected listings to Shopee?',
    down: 'Take the {{count}} selected listings down? Their Shopee items are unlisted',
    delete: 'Delete the {{count}} selected listings?',
    deleteHint:
      'Published listings are deleted from the Shopee shop too, so a synchronisation does not bring them back. This cannot be undone.',
  },
  create: {
    title: 'Publish to Shopee ({{count}} products)',
    store: 'Shopee shop',
    noStores: 'No Shopee shop is ready yet; authorize one under "Stores" first',
  },
  sync: {
    action: 'Synchronise items',
    chooseStore: 'Choose the shop to synchronise in the filter first',
    done: 'Pulled {{total}} items: {{created}} new, {{matched}} matched',
  },
};

export const marketEditorEn: typeof marketEditorZhCN = {
  title: 'Edit {{name}} listing',
  category: 'Category',
  categoryHint: 'Pick level by level down to a leaf',
  attributes: 'Category attributes',
  attributesEmpty: 'Choose a leaf category first',
  brand: 'Brand',
  daysToShip: 'Days to ship',
  texts: 'Title and description',
  title_: 'Title',
  describe: 'Description',
  variants: 'SKUs',
  option: 'Options',
  price: 'Price ({{currency}})',
  quantity: 'Stock',
  shipping: 'Shipping and package',
  weight: 'Weight (kg)',
  length: 'Length (cm)',
  width: 'Width (cm)',
  height: 'Height (cm)',
  logistics: 'Logistics channel ids',
  logisticsHint: 'Separate with commas; left empty, every channel the shop has on is used',
  save: 'Save',
  saveAndPublish: 'Save and publish',
  saved: 'Saved',
  compliance: 'Pre-publish check',
  ok: 'Ready to publish',
};
