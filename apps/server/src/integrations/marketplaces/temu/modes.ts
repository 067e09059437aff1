import type { ListingInput, MarketCategory, StoreSession } from '../connector.ts';
import type { TemuGoodsProperty } from './mapping.ts';

export type TemuMode = 'local' | 'cross_border';

/**
 * The goods calls of each way of selling on Temu (reference 4.6) and the gateway each goes to:
 * a local seller's on the site's gateway; a cross-border (semi-managed) seller's category tree
 * and attribute templates on the CN gateway, its goods on the partner gateway (the temu.goods.*
 * names of the 2025-09 gateway notice). Orders and shipments are the same calls for both, on
 * the site's gateway. `null`: the reference names no such call for that mode.
 */
export const GOODS_CALLS = {
  local: {
    cats: { type: 'bg.local.goods.cats.get', gateway: 'site' },
    template: { type: 'bg.local.goods.template.get', gateway: 'site' },
    add: { type: 'bg.local.goods.add', gateway: 'site' },
    list: { type: 'bg.local.goods.list.query', gateway: 'site' },
    update: { type: 'bg.local.goods.update', gateway: 'site' },
  },
  cross_border: {
    cats: { type: 'bg.goods.cats.get', gateway: 'CN' },
    template: { type: 'bg.goods.attrs.get', gateway: 'CN' },
    add: { type: 'temu.goods.add', gateway: 'PARTNER' },
    list: { type: 'temu.goods.list.get', gateway: 'PARTNER' },
    update: null,
  },
} as const;

export type GoodsCall = { type: string; gateway: 'site' | 'CN' | 'PARTNER' } | null;

export function modeOf(session: StoreSession): TemuMode {
  return session.mode === 'cross_border' ? 'cross_border' : 'local';
}

/** `bg.goods.cats.get`'s `categoryDTOList` row. */
export interface TemuCategoryDto {
  catId: number;
  catName: string;
  parentCatId: number;
  isLeaf: boolean;
  isHidden?: boolean;
}

export function fromCategoryDto(cat: TemuCategoryDto): MarketCategory {
  return {
    id: String(cat.catId),
    name: cat.catName,
    parentId: cat.parentCatId ? String(cat.parentCatId) : null,
    leaf: cat.isLeaf,
  };
}

/**
 * `temu.goods.add` for a semi-managed seller (reference 4.6): the product with its properties,
 * one SKC of SKUs priced as the supplier price in cents, and the sites it is offered on.
 * `extCode` carries our SKUs, as `outGoodsSn`/`outSkuSn` do for a local seller.
 */
export function toProductAddPayload(
  listing: ListingInput,
  properties: TemuGoodsProperty[],
  siteId: number,
): Record<string, unknown> {
  const variants = listing.variants?.length
    ? listing.variants
    : [{ sku: listing.sku, price: listing.price, quantity: listing.quantity, options: {} }];
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  return {
    productName: listing.title,
    cat1Id: Number(listing.categoryId),
    productPropertyReqs: properties.map((p) => ({
      templatePid: p.templatePid,
      pid: p.pid,
      vid: p.vid,
      propValue: p.value,
    })),
    productSkcReqs: [
      {
        extCode: listing.sku,
        productSkuReqs: variants.map((v) => ({
          extCode: v.sku,
          currencyType: v.price.currency,
          supplierPrice: cents(v.price.amount),
          siteSupplierPrices: [{ siteId, supplierPrice: cents(v.price.amount) }],
          productSkuStockQuantityReq: { stockQuantity: v.quantity },
          productSkuSpecReqs: Object.entries(v.options).map(([parentSpecName, specName]) => ({
            parentSpecName,
            specName,
          })),
        })),
      },
    ],
    productSemiManagedReq: { bindSiteIds: [siteId] },
    carouselImageUrls: listing.imageUrls,
    goodsDesc: listing.description,
  };
}
