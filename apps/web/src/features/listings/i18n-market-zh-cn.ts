/** The Temu and Shopee cloud warehouses and their editor (`temuListings.*`, `shopeeListings.*`, `marketEditor.*`). */
export const temuListingsZhCN = {
  empty: '还没有 Temu 刊登。在「私有成品库」中选择商品，点击「发布到…」→ Temu 开始',
  columns: { store: '店铺', variants: '{{count}} 个 SKU' },
  confirm: {
    publish: '发布所选的 {{count}} 个刊登到 Temu？',
    down: '下架所选的 {{count}} 个刊登？Temu 商品将下架',
    delete: '删除所选的 {{count}} 个刊登？',
    deleteHint: '已发布的刊登会同时从 Temu 店铺删除。此操作无法撤销。',
  },
  create: {
    title: '发布到 Temu（{{count}} 个商品）',
    store: 'Temu 店铺',
    noStores: '还没有可用的 Temu 店铺；请先在「店铺管理」中授权',
  },
};

export const shopeeListingsZhCN = {
  empty:
    '还没有 Shopee 刊登。在「私有成品库」中选择商品，点击「发布到…」→ Shopee 开始，或同步店铺已有商品',
  columns: { store: '店铺', variants: '{{count}} 个规格' },
  confirm: {
    publish: '发布所选的 {{count}} 个刊登到 Shopee？',
    down: '下架所选的 {{count}} 个刊登？Shopee 商品将被下架（UNLIST）',
    delete: '删除所选的 {{count}} 个刊登？',
    deleteHint: '已发布的刊登会同时从 Shopee 店铺删除，同步时不会再拉回。此操作无法撤销。',
  },
  create: {
    title: '发布到 Shopee（{{count}} 个商品）',
    store: 'Shopee 店铺',
    noStores: '还没有可用的 Shopee 店铺；请先在「店铺管理」中授权',
  },
  sync: {
    action: '同步商品',
    chooseStore: '请先在筛选中选择要同步的店铺',
    done: '已拉取 {{total}} 个商品：新增 {{created}} 个，匹配 {{matched}} 个',
  },
};

export const marketEditorZhCN = {
  title: '编辑 {{name}} 刊登',
  category: '类目',
  categoryHint: '逐级选择到末级类目',
  attributes: '类目属性',
  attributesEmpty: '先选择末级类目',
  brand: '品牌',
  daysToShip: '发货天数',
  texts: '标题与描述',
  title_: '标题',
  describe: '描述',
  variants: 'SKU',
  option: '规格',
  price: '价格（{{currency}}）',
  quantity: '库存',
  shipping: '物流与包裹',
  weight: '重量（kg）',
  length: '长（cm）',
  width: '宽（cm）',
  height: '高（cm）',
  logistics: '物流渠道 ID',
  logisticsHint: '用逗号分隔；留空时使用店铺已开启的全部渠道',
  save: '保存',
  saveAndPublish: '保存并发布',
  saved: '已保存',
  compliance: '发布前检查',
  ok: '可以发布',
};
