import { CATEGORIES, isLeaf, templateOf } from './catalog.ts';
import { BUSINESS, gatewayError, requiredAttribute } from './errors.ts';
import type { GoodsState, StoredGoods } from './goods.ts';

type Body = Record<string, unknown>;
const record = (v: unknown): Body | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Body) : null;

/**
 * A cross-border (semi-managed) seller's calls (reference 4.6): the category tree as
 * `bg.goods.cats.get` answers it, the attribute template, and `temu.goods.add`. Products land
 * in the same goods list as a local seller's, so tests read them back the same way.
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
