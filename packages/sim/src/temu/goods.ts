import { CATEGORIES, FREIGHT_TEMPLATES, isLeaf, templateOf } from './catalog.ts';
import {
  badAttributeValue,
  BUSINESS,
  gatewayError,
  requiredAttribute,
  TemuError,
} from './errors.ts';
import { PRICE_PATTERN } from './money.ts';

export interface StoredSku {
  skuId: number;
  outSkuSn: string;
  amount: string;
  currency: string;
  quantity: number;
}

export interface StoredGoods {
  goodsId: number;
  mallId: string;
  outGoodsSn: string;
  goodsName: string;
  catId: number;
  onSale: boolean;
  deleted: boolean;
  /** Unix seconds. */
  createdAt: number;
  skus: StoredSku[];
  body: Record<string, unknown>;
}

export interface GoodsState {
  nextId: number;
  goods: StoredGoods[];
}

type Body = Record<string, unknown>;
const record = (v: unknown): Body | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Body) : null;
const invalid = () => gatewayError(BUSINESS.INVALID_PARAMS);

interface SkuInput {
  outSkuSn: string;
  quantity: number;
  amount: string;
  currency: string;
}

/** The checks of `bg.local.goods.add` the simulator knows, with the docs' codes and messages. */
function validateGoods(body: Body): { basic: Body; skus: SkuInput[] } {
  const basic = record(body.goodsBasic);
  const promise = record(body.goodsServicePromise);
  const property = record(body.goodsProperty);
  if (!basic || !promise || !property || !Array.isArray(body.skuList)) throw invalid();
  if (typeof basic.goodsName !== 'string' || !basic.goodsName.trim()) {
    throw gatewayError(BUSINESS.NO_GOODS_NAME);
  }
  const catId = Number(basic.catId);
  if (!CATEGORIES.some((c) => c.catId === catId)) throw gatewayError(BUSINESS.CATEGORY_NOT_FOUND);
  if (!isLeaf(catId)) throw gatewayError(BUSINESS.NOT_LEAF);
  if (!FREIGHT_TEMPLATES.some((t) => t.templateId === String(promise.costTemplateId))) {
    throw gatewayError(BUSINESS.NO_FREIGHT_TEMPLATE);
  }
  const given = Array.isArray(property.goodsProperties) ? property.goodsProperties.map(record) : [];
  for (const prop of templateOf(catId).filter((p) => !p.isSale)) {
    const entry = given.find((g) => Number(g?.templatePid) === prop.templatePid);
    if (!entry) {
      if (prop.required) throw requiredAttribute(prop.name);
      continue;
    }
    const value = String(entry.value ?? '');
    if (prop.values.length > 0 && !prop.values.some((v) => v.vid === Number(entry.vid))) {
      throw badAttributeValue(prop.name, value);
    }
  }
  if (body.skuList.length === 0) throw gatewayError(BUSINESS.NO_SKU);
  const skus = body.skuList.map((raw): SkuInput => {
    const sku = record(raw);
    const base = record(record(sku?.price)?.basePrice);
    if (!sku || typeof sku.outSkuSn !== 'string' || !base) throw invalid();
    const amount = String(base.amount ?? '');
    if (!PRICE_PATTERN.test(amount) || Number(amount) <= 0 || typeof base.currency !== 'string') {
      throw gatewayError(BUSINESS.BAD_PRICE);
    }
    const quantity = Number(sku.quantity);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > 1_000_000) {
      throw gatewayError(BUSINESS.BAD_QUANTITY);
    }
    return { outSkuSn: sku.outSkuSn, quantity, amount, currency: base.currency };
  });
  if (new Set(skus.map((s) => s.outSkuSn)).size !== skus.length) {
    throw gatewayError(BUSINESS.SKU_DUPLICATED);
  }
  return { basic, skus };
}

function ownGoods(state: GoodsState, mallId: string, goodsId: unknown): StoredGoods {
  const goods = state.goods.find((g) => g.goodsId === Number(goodsId));
  if (!goods || goods.mallId !== mallId) throw gatewayError(BUSINESS.NOT_THIS_SHOP);
  if (goods.deleted) throw gatewayError(BUSINESS.GOODS_DELETED);
  return goods;
}

const skuResult = (goods: StoredGoods) => ({
  goodsId: goods.goodsId,
  productType: 1,
  skuInfoList: goods.skus.map((s) => ({ skuId: s.skuId, outSkuSn: s.outSkuSn, specList: [] })),
});

/** `bg.local.goods.add`, or `.update` of an existing goodsId (the simulator lists at once). */
export function saveGoods(
  state: GoodsState,
  mallId: string,
  body: Body,
  now: number,
  update: boolean,
) {
  const { basic, skus } = validateGoods(body);
  const existing = update ? ownGoods(state, mallId, body.goodsId) : null;
  const goods: StoredGoods = existing ?? {
    goodsId: state.nextId++,
    mallId,
    outGoodsSn: '',
    goodsName: '',
    catId: 0,
    onSale: true,
    deleted: false,
    createdAt: now,
    skus: [],
    body: {},
  };
  goods.outGoodsSn = String(basic.outGoodsSn ?? '');
  goods.goodsName = String(basic.goodsName);
  goods.catId = Number(basic.catId);
  goods.body = body;
  goods.skus = skus.map((s) => ({
    skuId: goods.skus.find((old) => old.outSkuSn === s.outSkuSn)?.skuId ?? state.nextId++,
    ...s,
  }));
  if (!existing) state.goods.push(goods);
  return skuResult(goods);
}

/** `status4VO` of the list: 1 on sale, 2 off shelf [U]. */
function toListRow(goods: StoredGoods) {
  const first = goods.skus[0]!;
  return {
    goodsId: goods.goodsId,
    goodsName: goods.goodsName,
    outGoodsSn: goods.outGoodsSn,
    catId: goods.catId,
    status4VO: goods.onSale ? 1 : 2,
    price: first.amount,
    currency: first.currency,
    quantity: goods.skus.reduce((sum, s) => sum + s.quantity, 0),
    crtTime: goods.createdAt,
    skuInfoList: goods.skus.map((s) => ({
      skuId: s.skuId,
      outSkuSn: s.outSkuSn,
      price: s.amount,
      quantity: s.quantity,
    })),
  };
}

/** `bg.local.goods.list.query`: search type 1 lists on/off shelf goods, 6 deleted ones. */
export function listGoods(state: GoodsState, mallId: string, body: Body) {
  const pageNo = Number(body.pageNo);
  const pageSize = Number(body.pageSize);
  const searchType = Number(body.goodsSearchType);
  if (
    !Number.isInteger(pageNo) ||
    pageNo < 1 ||
    !Number.isInteger(pageSize) ||
    pageSize < 1 ||
    pageSize > 100 ||
    ![1, 4, 5, 6].includes(searchType) ||
    body.goodsStatusFilterType === undefined
  ) {
    throw invalid();
  }
  const ids = Array.isArray(body.goodsIdList) ? body.goodsIdList.map(Number) : null;
  // Reference 4.6: crtFrom / crtTo are milliseconds.
  const from = body.crtFrom === undefined ? null : Number(body.crtFrom);
  const to = body.crtTo === undefined ? null : Number(body.crtTo);
  const rows = state.goods
    .filter((g) => g.mallId === mallId)
    .filter((g) => (searchType === 6 ? g.deleted : searchType === 1 && !g.deleted))
    .filter((g) => !ids || ids.includes(g.goodsId))
    .filter(
      (g) =>
        (from === null || g.createdAt * 1000 >= from) && (to === null || g.createdAt * 1000 <= to),
    )
    .sort((a, b) => b.createdAt - a.createdAt || b.goodsId - a.goodsId);
  return {
    goodsList: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize).map(toListRow),
    pageNo,
    total: rows.length,
  };
}

export function setSaleStatus(state: GoodsState, mallId: string, body: Body) {
  if (![0, 1].includes(Number(body.onsale))) throw invalid();
  ownGoods(state, mallId, body.goodsId).onSale = Number(body.onsale) === 1;
  return { success: true };
}

export function editStock(state: GoodsState, mallId: string, body: Body) {
  const goods = ownGoods(state, mallId, body.goodsId);
  if (!Array.isArray(body.skuStockTargetList)) throw invalid();
  const results = body.skuStockTargetList.map((raw) => {
    const target = record(raw);
    const sku = goods.skus.find((s) => s.skuId === Number(target?.skuId));
    const quantity = Number(target?.stockTarget);
    if (!sku) throw invalid();
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > 1_000_000) {
      throw new TemuError(150013002, 'Quantity must be between 0 and 1000000');
    }
    sku.quantity = quantity;
    return { skuId: sku.skuId, operateResult: true, msg: '' };
  });
  return { goodsId: goods.goodsId, skuStockEditStatusInfoList: results };
}

export function deleteGoods(state: GoodsState, mallId: string, body: Body) {
  ownGoods(state, mallId, body.goodsId).deleted = true;
  return { success: true, errorMsg: '' };
}
