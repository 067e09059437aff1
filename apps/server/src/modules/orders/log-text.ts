import { deskStatusName, formatMoney, fromMinor, type Language } from '@app/shared';
import { hasText, renderText } from '../../i18n/render-text.ts';

type Detail = Record<string, unknown>;
/** An order's number (`seller_order_id`) by its id; undefined for one the reader may not see. */
export type OrderNumberOf = (id: number) => string | undefined;

/** The ids of the other orders a log row names (a split's or a copy's). */
export function linkedOrderIds(detail: Detail): number[] {
  return [detail.created_id, detail.order_id]
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const fromTo = (v: unknown): { from: string; to: string } => {
  const pair = (v ?? {}) as { from?: unknown; to?: unknown };
  return { from: str(pair.from), to: str(pair.to) };
};
/** A marketplace order status (`unconfirmed`…) by its name in `lang`; unknown ones as stored. */
const statusIn = (lang: Language, v: unknown): string =>
  hasText(lang, `order_status.${str(v)}`) ? renderText(lang, `order_status.${str(v)}`) : str(v);

/** Account money (CNY fen) as the reader reads it. */
const cny = (lang: Language, v: unknown): string => formatMoney(Number(v ?? 0), 'CNY', lang);

/**
 * The key and parameters of one log row: rows store what happened (`action` + `detail`),
 * and the sentence is written when someone reads it, in their language.
 */
function keyOf(
  lang: Language,
  action: string,
  d: Detail,
  currency: string,
  numberOf: OrderNumberOf,
) {
  // Another order (split, copy) by the number the seller knows it by, not its row id.
  const order = (id: unknown) => numberOf(Number(id)) ?? str(id);
  const desk = (status: unknown) =>
    renderText(lang, `desk_status.${deskStatusName(Number(status))}`);
  switch (action) {
    case 'sync.created':
      return { key: action, params: { status: statusIn(lang, d.order_status) } };
    case 'sync.updated': {
      const parts: string[] = [];
      if (d.status) {
        const { from, to } = fromTo(d.status);
        parts.push(
          renderText(lang, 'log.sync.change.status', {
            from: statusIn(lang, from),
            to: statusIn(lang, to),
          }),
        );
      }
      if (d.total) parts.push(renderText(lang, 'log.sync.change.total', fromTo(d.total)));
      if (d.address) parts.push(renderText(lang, 'log.sync.change.address'));
      if (d.items) parts.push(renderText(lang, 'log.sync.change.items'));
      if (d.desk_status) {
        const { from, to } = d.desk_status as { from: unknown; to: unknown };
        parts.push(
          renderText(lang, 'log.sync.change.desk_status', { from: desk(from), to: desk(to) }),
        );
      }
      return {
        key: action,
        params: { changes: parts.join(renderText(lang, 'log.sync.change.separator')) },
      };
    }
    case 'memo':
      return d.memo ? { key: 'memo', params: { memo: str(d.memo) } } : { key: 'memo_cleared' };
    case 'cancel':
      return d.reason
        ? { key: 'cancel_reason', params: { reason: str(d.reason) } }
        : { key: action };
    case 'cancel_item':
      return { key: action, params: { sku: str(d.sku) } };
    case 'edit_num':
      return { key: action, params: { from: str(d.from), to: str(d.to) } };
    case 'split':
      return {
        key: action,
        params: {
          created_id: order(d.created_id),
          moved: `${currency} ${fromMinor(Number(d.moved_minor ?? 0), currency)}`,
        },
      };
    case 'split_from':
    case 'copy_from':
      return { key: action, params: { order_id: order(d.order_id) } };
    case 'copy':
      return { key: action, params: { created_id: order(d.created_id) } };
    case 'logistics':
    case 'label':
      return { key: action, params: { tracking: str(d.shipped_number) } };
    case 'purchase':
    case 'purchase_cancelled':
      return { key: action, params: { number: str(d.purchase_order_number) } };
    case 'auto_buy_paid':
      return {
        key: action,
        params: { number: str(d.purchase_order_number), amount: cny(lang, d.amount_minor) },
      };
    case 'awaiting_funds':
      return {
        key: `awaiting_funds_${str(d.reason)}`,
        params: {
          amount: cny(lang, d.amount_minor),
          balance: cny(lang, d.balance_minor),
          cap: cny(lang, d.cap_minor),
          spent: cny(lang, d.spent_today_minor),
        },
      };
    case 'auto_buy_skipped':
      return { key: `auto_buy_skipped_${str(d.reason)}` };
    case 'refund':
      return { key: action, params: { currency: str(d.currency), amount: str(d.amount) } };
    case 'customs':
      return { key: action, params: { count: Array.isArray(d.items) ? d.items.length : 0 } };
    case 'import': {
      const rows = Array.isArray(d.rows) ? d.rows.map(str) : [];
      return { key: action, params: { rows: rows.join(', '), count: rows.length } };
    }
    case 'shipment_push.confirmed':
      return { key: action, params: { tracking: str(d.tracking) } };
    case 'shipment_push.refused':
      return { key: action, params: { tracking: str(d.tracking), reason: str(d.reason) } };
    case 'shopee_pack':
      return { key: action, params: { tracking: str(d.tracking_no) } };
    case 'shopee_note':
      return { key: action, params: { note: str(d.to) } };
    case 'shopee_ship':
      return d.tracking_number
        ? {
            key: 'shopee_ship_tracking',
            params: { method: str(d.method), tracking: str(d.tracking_number) },
          }
        : { key: action, params: { method: str(d.method) } };
    case 'shopee_label':
      return { key: action, params: { type: str(d.type) } };
    case 'shopee_first_mile_bind':
    case 'shopee_first_mile_unbind':
      return { key: action, params: { tracking: str(d.first_mile_tracking_number) } };
    default:
      return { key: action };
  }
}

/**
 * One log line in the reader's language. An action the catalogue does not know (a row
 * written before its key existed) shows as stored.
 */
export function orderLogText(
  lang: Language,
  action: string,
  detail: Detail,
  currency: string,
  numberOf: OrderNumberOf = () => undefined,
): string {
  const { key, params } = keyOf(lang, action, detail, currency, numberOf);
  if (!hasText(lang, `log.${key}`)) return action;
  return renderText(lang, `log.${key}`, params);
}
