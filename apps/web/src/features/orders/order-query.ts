import {
  DESK_STATUS,
  OrderListQuery,
  type DeskStatus,
  type DeskStatusName,
  type Order,
  type OrderAction,
  type OrderListFilter,
  type OrderPage,
  type OrderStatus,
} from '@app/shared';
import { isApiError } from '../../api/api-error.ts';
import { readQueryWith, writeQueryWith } from '../../shared/url-query.ts';

/** The filter keys kept in the URL (the cursor is not: it is only good for the next page). */
export const FILTER_KEYS = Object.keys(OrderListQuery.shape).filter((k) => k !== 'cursor') as Array<
  keyof OrderListFilter
>;

export const QUERY_DEFAULTS = {
  orderBy_field: 'purchase_date',
  orderBy_type: 'desc',
  page: 1,
  limit: 20,
} as const satisfies Partial<OrderListFilter>;

export function readOrderQuery(params: URLSearchParams): OrderListFilter {
  return readQueryWith(OrderListQuery, FILTER_KEYS, params);
}

/** `defaults`: the page's own defaults (the desk's seller-fulfilled channel), left out too. */
export function writeOrderQuery(
  query: Partial<OrderListFilter>,
  extra: Record<string, string> = {},
  defaults: Partial<OrderListFilter> = {},
): URLSearchParams {
  const { cursor: _cursor, ...rest } = query;
  return writeQueryWith(rest, { ...QUERY_DEFAULTS, ...defaults }, extra);
}

/**
 * The desk's default: the orders the seller ships. Marketplace-fulfilled ones (AFN: Amazon's
 * FBA, Temu's warehouses) take no desk action, so they show only under their own channel filter.
 */
export const DESK_DEFAULTS = {
  fulfillment_channel: 'MFN',
} as const satisfies Partial<OrderListFilter>;

/** The status tabs of the desk, left to right. */
export const DESK_TABS = [
  'all',
  'new',
  'on_hold',
  'processing',
  'purchased',
  'shipped',
  'cancelled',
] as const satisfies ReadonlyArray<'all' | DeskStatusName>;
export type DeskTab = (typeof DESK_TABS)[number];

export function tabOf(status: number | undefined): DeskTab {
  if (status === undefined) return 'all';
  return (DESK_TABS.find((tab) => tab !== 'all' && DESK_STATUS[tab] === status) ??
    'all') as DeskTab;
}

export function statusOfTab(tab: DeskTab): DeskStatus | undefined {
  return tab === 'all' ? undefined : DESK_STATUS[tab];
}

/** Spec 4's colours of the marketplace status. */
export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  unconfirmed: 'gold',
  unshipped: 'blue',
  shipped: 'green',
  partially_shipped: 'cyan',
  canceled: 'red',
};

export const DESK_STATUS_COLORS: Record<DeskStatusName, string> = {
  new: 'processing',
  on_hold: 'warning',
  processing: 'blue',
  purchased: 'purple',
  shipped: 'success',
  cancelled: 'default',
};

/** Whether any of `orders` allows `action` (a batch button is enabled then). */
export const anyAllows = (orders: readonly Order[], action: OrderAction) =>
  orders.some((o) => o.actions.includes(action));

/**
 * Why a batch button does not work for the selection (a key under `orders.batch`), or null.
 * Marketplace-fulfilled (AFN) orders allow no desk action at all, so a selection of only those
 * says so rather than blaming the status.
 */
export function batchRefusal(
  orders: readonly Order[],
  action: OrderAction | null,
): 'selectFirst' | 'marketplaceFulfilled' | 'notAllowed' | null {
  if (orders.length === 0) return 'selectFirst';
  if (!action || anyAllows(orders, action)) return null;
  return orders.every((o) => o.fulfillment_channel === 'AFN')
    ? 'marketplaceFulfilled'
    : 'notAllowed';
}

/** A refusal as one line: a 422's field messages, otherwise the server's message. */
export function reasonOf(error: unknown): string {
  if (isApiError(error) && error.fields) return Object.values(error.fields).join('; ');
  return error instanceof Error ? error.message : String(error);
}

/** One outcome of a batch action, per order. */
export interface BatchOutcome {
  id: number;
  number: string;
  ok: boolean;
  reason: string | null;
}

/** Runs `run` for each order in turn; a refusal is recorded and the next order still runs. */
export async function runForEach(
  orders: readonly Order[],
  run: (order: Order) => Promise<unknown>,
): Promise<BatchOutcome[]> {
  const outcomes: BatchOutcome[] = [];
  for (const order of orders) {
    try {
      await run(order);
      outcomes.push({ id: order.id, number: order.seller_order_id, ok: true, reason: null });
    } catch (error) {
      outcomes.push({
        id: order.id,
        number: order.seller_order_id,
        ok: false,
        reason: reasonOf(error),
      });
    }
  }
  return outcomes;
}

/** "DEMO-TEE-BLK-M ×2 +1" for the list's item column. */
export function itemsSummary(order: Pick<Order, 'items'>): string {
  const live = order.items.filter((i) => !i.cancelled);
  const first = live[0] ?? order.items[0];
  if (!first) return '';
  const more = (live.length || order.items.length) - 1;
  return `${first.sku} ×${first.quantity}${more > 0 ? ` +${more}` : ''}`;
}

/**
 * A status tab's count in the reader's number format; the list stops counting a tab at 10,000,
 * so a count it names as capped is shown as at least that ("10,000+").
 */
export function formatTabCount(
  page: Pick<OrderPage, 'status_counts' | 'status_capped'>,
  tab: DeskTab,
  locale: string,
): string {
  const count = new Intl.NumberFormat(locale).format(page.status_counts[tab]);
  return page.status_capped.includes(tab) ? `${count}+` : count;
}
