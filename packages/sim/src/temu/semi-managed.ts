import { CATEGORIES, isLeaf, templateOf } from './catalog.ts';
import { BUSINESS, gatewayError, requiredAttribute } from './errors.ts';
import type { GoodsState, StoredGoods } from './goods.ts';

type Body = Record<string, unknown>;
const record = (v: unknown): Body | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Body) : null;

/**
 * A cross-border (semi-managed) seller's calls (reference 4.6): the category tree as
 * `bg.goods.cats.get` answers it, the attribute template, `temu.goods.add` and
 * `temu.goods.list.get`. Products land in the same goods list as a local seller's, so tests read
 * them back the same way.
 */
export function semiManagedCats(body: Body) {
  const parent = body.parentCatId === undefined ? 0 : Number(body.parentCatId);
  if (!Number.isInteger(parent)) throw gatewayError(BUSINESS.INVALID_PARAMS);
  return {
    categoryDTOList: CATEGORIES.filter((c) => c.parentId === parent).map((c) => ({
      catId: c.catId,
      catName: c.catName,
      parentCatId: c.parentId,
      catType: c.catType,
      isLeaf: isLeaf(c.catId),
      isHidden: false,
    })),
  };
}

/** [U: the docs' answer of bg.goods.attrs.get was not copied; the local template's shape.] */
export function semiManagedAttrs(body: Body) {
  const catId = Number(body.catId);
  if (!CATEGORIES.some((c) => c.catId === catId)) throw gatewayError(BUSINESS.CATEGORY_NOT_FOUND);
  if (!isLeaf(catId)) throw gatewayError(BUSINESS.NOT_LEAF);
  return { goodsProperties: templateOf(catId) };
}

export function addProduct(state: GoodsState, mallId: string, body: Body, now: number) {
  if (typeof body.productName !== 'string' || !body.productName.trim()) {
    throw gatewayError(BUSINESS.NO_GOODS_NAME);
  }
  const catId = Number(body.cat1Id);
  if (!CATEGORIES.some((c) => c.catId === catId)) throw gatewayError(BUSINESS.CATEGORY_NOT_FOUND);
  if (!isLeaf(catId)) throw gatewayError(BUSINESS.NOT_LEAF);
  const given = Array.isArray(body.productPropertyReqs) ? body.productPropertyReqs.map(record) : [];
  for (const prop of templateOf(catId).filter((p) => !p.isSale && p.required)) {
    if (!given.some((g) => Number(g?.templatePid) === prop.templatePid)) {
      throw requiredAttribute(prop.name);
    }
  }
  const skc = record(Array.isArray(body.productSkcReqs) ? body.productSkcReqs[0] : null);
  const skus = Array.isArray(skc?.productSkuReqs) ? skc.productSkuReqs.map(record) : [];
  if (!skc || skus.length === 0 || skus.some((s) => !s || !(Number(s.supplierPrice) > 0))) {
    throw gatewayError(BUSINESS.NO_SKU);
  }
  const goods: StoredGoods = {
    goodsId: state.nextId++,
    mallId,
    outGoodsSn: String(skc.extCode ?? ''),
    goodsName: body.productName,
    catId,
    onSale: true,
    deleted: false,
    createdAt: now,
    body,
    skus: skus.map((s) => ({
      skuId: state.nextId++,
      outSkuSn: String(s!.extCode ?? ''),
      amount: (Number(s!.supplierPrice) / 100).toFixed(2),
      currency: String(s!.currencyType ?? 'USD'),
      quantity: Number(record(s!.productSkuStockQuantityReq)?.stockQuantity ?? 0),
    })),
  };
  state.goods.push(goods);
  return {
    productId: goods.goodsId,
    productSkuList: goods.skus.map((s) => ({ productSkuId: s.skuId, extCode: s.outSkuSn })),
  };
}

/** `bg.goods.list.get`'s doc (AutoTemu's CN copy): `pageSize` defaults to 20, `page` to 1. */
const PRODUCT_PAGE_SIZE = 20;
/** [U: the doc leaves the page size's limit to "the platform"; the local list's 100.] */
const MAX_PRODUCT_PAGE_SIZE = 100;

/**
 * `temu.goods.list.get` (the partner name of `bg.goods.list.get`): the mall's products, newest
 * first, `skcExtCode` keeping those whose SKC carries that code. [U: the doc calls it a keyword
 * filter; it is matched whole here. The rows' `productSkuSummaries` fields are not documented;
 * they are `temu.goods.add`'s `productSkuList` ones. `createdAt`'s unit is not given; seconds,
 * as the local list's.]
 */
export function listProducts(state: GoodsState, mallId: string, body: Body) {
  const page = body.page === undefined ? 1 : Number(body.page);
  const pageSize = body.pageSize === undefined ? PRODUCT_PAGE_SIZE : Number(body.pageSize);
  if (
    !Number.isInteger(page) ||
    page < 1 ||
    !Number.isInteger(pageSize) ||
    pageSize < 1 ||
    pageSize > MAX_PRODUCT_PAGE_SIZE ||
    (body.skcExtCode !== undefined && typeof body.skcExtCode !== 'string')
  ) {
    throw gatewayError(BUSINESS.INVALID_PARAMS);
  }
  const rows = state.goods
    .filter((g) => g.mallId === mallId && !g.deleted)
    .filter((g) => body.skcExtCode === undefined || g.outGoodsSn === body.skcExtCode)
    .sort((a, b) => b.createdAt - a.createdAt || b.goodsId - a.goodsId);
  return {
    totalCount: rows.length,
    data: rows.slice((page - 1) * pageSize, page * pageSize).map((g) => ({
      productId: g.goodsId,
      productName: g.goodsName,
      createdAt: g.createdAt,
      bindSiteIds: siteIdsOf(g.body),
      productSkuSummaries: g.skus.map((s) => ({ productSkuId: s.skuId, extCode: s.outSkuSn })),
    })),
  };
}

/** The sites `temu.goods.add` bound the product to, as `{siteId}` rows [U: no siteName kept]. */
function siteIdsOf(body: Body): Array<{ siteId: number }> {
  const ids = record(body.productSemiManagedReq)?.bindSiteIds;
  return Array.isArray(ids) ? ids.map((siteId) => ({ siteId: Number(siteId) })) : [];
}
