import type { PurchaseOrderStatus } from './schemas/finance.ts';

/** Everything that changes a purchase order's status; each change is a row of its log. */
export const PURCHASE_ORDER_ACTIONS = [
  'pay',
  'cancel',
  'accept',
  'produce',
  'ship',
  'deliver',
  'exception',
  'reprint',
  'refund',
] as const;
export type PurchaseOrderAction = (typeof PURCHASE_ORDER_ACTIONS)[number];

/** What decides where an action leads besides the status it starts from. */
export interface FlowFacts {
  /** `ship`: every item's quantity is in a package now. */
  allShipped?: boolean;
  /** `cancel`: the order was paid (the money goes back, so it ends refunded). */
  paid?: boolean;
  /** `refund`: the refunds reach the order's amount. */
  fullyRefunded?: boolean;
  /** `refund` out of an exception: the status the order had before it. */
  beforeException?: PurchaseOrderStatus | null;
}

const SHIPPABLE: readonly PurchaseOrderStatus[] = ['in_production', 'partially_shipped'];
const IN_PRODUCTION_OR_LATER: readonly PurchaseOrderStatus[] = [
  'in_production',
  'partially_shipped',
  'shipped',
  'delivered',
];

/**
 * The one transition table: the status `action` leads to from `status`, or null when the
 * action is not allowed there. Cancelling is only before production (a paid order's money goes
 * back, so it ends refunded); an exception is resolved by a reprint (back to production, a new
 * package later) or a refund; a partial refund keeps the status (out of an exception, the one
 * before it) and a full one ends refunded.
 */
export function nextPurchaseOrderStatus(
  status: PurchaseOrderStatus,
  action: PurchaseOrderAction,
  facts: FlowFacts = {},
): PurchaseOrderStatus | null {
  switch (action) {
    case 'pay':
      return status === 'unpaid' ? 'paid' : null;
    case 'cancel':
      if (status === 'unpaid') return 'cancelled';
      return status === 'paid' ? 'refunded' : null;
    case 'accept':
      return status === 'paid' ? 'in_production' : null;
    case 'produce':
      return status === 'in_production' ? 'in_production' : null;
    case 'ship':
      if (!SHIPPABLE.includes(status)) return null;
      return facts.allShipped ? 'shipped' : 'partially_shipped';
    case 'deliver':
      return status === 'shipped' ? 'delivered' : null;
    case 'exception':
      return IN_PRODUCTION_OR_LATER.includes(status) ? 'exception' : null;
    case 'reprint':
      return status === 'exception' ? 'in_production' : null;
    case 'refund':
      if (status !== 'exception' && status !== 'paid' && !IN_PRODUCTION_OR_LATER.includes(status)) {
        return null;
      }
      if (facts.fullyRefunded) return 'refunded';
      return status === 'exception' ? (facts.beforeException ?? 'exception') : status;
  }
}

/** The actions allowed in `status` (for buttons; `ship` and `refund` still check amounts). */
export function purchaseOrderActions(status: PurchaseOrderStatus): PurchaseOrderAction[] {
  return PURCHASE_ORDER_ACTIONS.filter(
    (action) => nextPurchaseOrderStatus(status, action, { paid: true }) !== null,
  );
}
