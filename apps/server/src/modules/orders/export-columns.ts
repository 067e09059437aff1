import { deskStatusName, type ExportColumn, type Language } from '@app/shared';
import { type FieldMessages } from '../../errors.ts';
import { renderText } from '../../i18n/render-text.ts';
import type { OrderItemRow, OrderRow } from './rows.ts';

/** What one cell is computed from: the order, its store's alias and (item columns) one item. */
export interface ExportSource {
  order: OrderRow;
  storeAlias: string;
}

type Cell = string | number | null;

interface ColumnDef extends ExportColumn {
  value: (s: ExportSource, item: OrderItemRow | null) => Cell;
}

/** `YYYY-MM-DD HH:mm:ss` in UTC: the format the import reads back. */
export const utcText = (d: Date): string => d.toISOString().slice(0, 19).replace('T', ' ');

const amount = (text: string): number => Number(text);
const address = (s: ExportSource) => s.order.address;

const order = (
  key: string,
  label_en: string,
  label_zh: string,
  default_on: boolean,
  value: (s: ExportSource) => Cell,
): ColumnDef => ({ key, level: 'order', label_en, label_zh, default_on, value: (s) => value(s) });
const item = (
  key: string,
  label_en: string,
  label_zh: string,
  default_on: boolean,
  value: (i: OrderItemRow) => Cell,
): ColumnDef => ({
  key,
  level: 'item',
  label_en,
  label_zh,
  default_on,
  value: (_s, i) => (i ? value(i) : null),
});

/**
 * The export catalogue. Keys shared with the import template (`store`, `order_number`,
 * `purchase_date`, … `line_total`) hold values the import reads back, so an export of one row per
 * item with those columns is an importable file.
 */
export const EXPORT_COLUMNS: ColumnDef[] = [
  order('order_number', 'Order number', '订单号', true, (s) => s.order.number),
  order('store', 'Store', '店铺', true, (s) => s.storeAlias),
  order('marketplace', 'Marketplace', '平台', true, (s) => s.order.marketplace),
  order('order_status', 'Marketplace status', '平台状态', true, (s) => s.order.orderStatus),
  order(
    'remote_status',
    'Marketplace status (raw)',
    '平台原始状态',
    false,
    (s) => s.order.remoteStatus,
  ),
  order('desk_status', 'Desk status', '处理状态', true, (s) => deskStatusName(s.order.status)),
  order('purchase_date', 'Purchase date (UTC)', '下单时间 (UTC)', true, (s) =>
    utcText(s.order.purchasedAt),
  ),
  order('remote_updated_at', 'Marketplace update (UTC)', '平台更新时间 (UTC)', false, (s) =>
    utcText(s.order.remoteUpdatedAt),
  ),
  order('currency', 'Currency', '币种', true, (s) => s.order.currency),
  order('total', 'Order total', '订单金额', true, (s) => amount(s.order.total)),
  order('buyer_name', 'Buyer name', '买家姓名', true, (s) => address(s)?.name ?? null),
  order('buyer_phone', 'Phone', '电话', false, (s) => address(s)?.phone ?? null),
  order('address_line1', 'Address line 1', '地址 1', true, (s) => address(s)?.line1 ?? null),
  order('address_line2', 'Address line 2', '地址 2', false, (s) => address(s)?.line2 ?? null),
  order('city', 'City', '城市', true, (s) => address(s)?.city ?? null),
  order('state', 'State', '州/省', true, (s) => address(s)?.state ?? null),
  order('postcode', 'Postcode', '邮编', true, (s) => address(s)?.postal_code ?? null),
  order('country', 'Country', '国家', true, (s) => s.order.zone),
  order(
    'fulfillment_channel',
    'Fulfillment channel',
    '配送方式',
    false,
    (s) => s.order.fulfillmentChannel,
  ),
  order('tracking_number', 'Tracking number', '运单号', true, (s) => s.order.trackingNumber),
  order(
    'logistics_channel_id',
    'Logistics channel',
    '物流渠道',
    false,
    (s) => s.order.logisticsChannelId,
  ),
  order('memo', 'Memo', '备注', true, (s) => s.order.memo),
  order('order_from', 'Origin', '订单来源', false, (s) => s.order.orderFrom),
  order('item_count', 'Items', '商品种数', false, (s) => s.order.itemCount),
  order('pieces', 'Pieces', '商品件数', false, (s) => s.order.quantity),
  item('sku', 'SKU', 'SKU', true, (i) => i.sku),
  item('title', 'Title', '商品名称', true, (i) => i.title),
  item('quantity', 'Quantity', '数量', true, (i) => i.quantity),
  item('line_total', 'Line total', '商品金额', true, (i) => amount(i.lineTotal)),
  item('item_cancelled', 'Item cancelled', '商品已取消', false, (i) =>
    i.cancelledAt ? 'yes' : '',
  ),
];

const BY_KEY = new Map(EXPORT_COLUMNS.map((c) => [c.key, c]));

/** The catalogue as the API shows it (without the value functions). */
export const exportCatalogue = (): ExportColumn[] =>
  EXPORT_COLUMNS.map(({ key, level, label_en, label_zh, default_on }) => ({
    key,
    level,
    label_en,
    label_zh,
    default_on,
  }));

/** Unknown keys, as field errors of `columns.<index>`. */
export function unknownColumns(keys: string[]): FieldMessages {
  const fields: FieldMessages = {};
  keys.forEach((key, i) => {
    if (!BY_KEY.has(key))
      fields[`columns.${i}`] = { key: 'orders.unknown_column', params: { column: key } };
  });
  return fields;
}

export function headerOf(keys: string[], lang: Language): string[] {
  return keys.map((k) => {
    const c = BY_KEY.get(k)!;
    return lang === 'zh-CN' ? c.label_zh : c.label_en;
  });
}

/** Cells that are words rather than data, as the catalogue key of each value. */
const TEXT_CELLS: Record<string, (value: string) => string> = {
  desk_status: (value) => `desk_status.${value}`,
  item_cancelled: () => 'export.yes',
};

/** A word cell in the file's language; data cells as they are. */
function localise(key: string, value: Cell, lang: Language): Cell {
  const text = TEXT_CELLS[key];
  return text && typeof value === 'string' && value !== '' ? renderText(lang, text(value)) : value;
}

/**
 * The rows of one order: one row, where item columns list every item's value on its own line,
 * or one row per item (an order without items still gets one row).
 */
export function rowsOf(
  keys: string[],
  source: ExportSource,
  items: OrderItemRow[],
  mode: 'order' | 'item',
  lang: Language,
): Cell[][] {
  const cols = keys.map((k) => BY_KEY.get(k)!);
  if (mode === 'item') {
    const list = items.length > 0 ? items : [null];
    return list.map((it) => cols.map((c) => localise(c.key, c.value(source, it), lang)));
  }
  return [
    cols.map((c) => {
      if (c.level === 'order') return localise(c.key, c.value(source, null), lang);
      const values = items.map((it) => localise(c.key, c.value(source, it), lang));
      if (values.length === 1) return values[0]!;
      return values.map((v) => (v === null ? '' : String(v))).join('\n');
    }),
  ];
}
