import { DESK_STATUS, deskStatusName, type DeskStatus, type OrderAction } from '@app/shared';
import { ConflictError } from '../../errors.ts';

const { new: NEW, on_hold, processing, purchased, shipped, cancelled } = DESK_STATUS;

/**
 * The one table of what a seller may do to an order in each desk status. A purchased order
 * (40) is cancelled through its platform purchase order, so the money goes back; shipped and
 * cancelled orders only take memos and copies (a shipped one may reprint its label). Customs
 * data can change until the order ships. The buyer refund (`refund`) cancels the order, so
 * it is for orders not yet purchased on the platform nor shipped. A purchased order takes the
 * tracking of the purchase order's package when the factory ships it. Checking out cart lines added
 * from an order (`purchase`) moves it to purchased only from where adding to the cart is allowed.
 */
export const ORDER_TRANSITIONS: Record<DeskStatus, readonly OrderAction[]> = {
  [NEW]: [
    'save_address',
    'save_memo',
    'hold',
    'cancel',
    'cancel_item',
    'split',
    'copy',
    'edit_num',
    'save_logistics',
    'add_cart',
    'purchase',
    'edit_customs',
    'refund',
  ],
  [on_hold]: ['save_address', 'save_memo', 'unhold', 'cancel', 'copy', 'edit_customs', 'refund'],
  [processing]: [
    'save_address',
    'save_memo',
    'hold',
    'cancel',
    'copy',
    'save_logistics',
    'add_cart',
    'purchase',
    'edit_customs',
    'print_label',
    'refund',
  ],
  [purchased]: ['save_memo', 'cancel', 'copy', 'save_logistics', 'edit_customs', 'print_label'],
  [shipped]: ['save_memo', 'copy', 'print_label'],
  [cancelled]: ['save_memo', 'copy'],
};

/**
 * What the seller may still do to an order the marketplace fulfils (AFN: Amazon's FBA, Temu's
 * cooperative warehouses): the marketplace holds, cancels and ships it, so the desk only notes.
 */
export const MARKETPLACE_FULFILLED_ACTIONS: readonly OrderAction[] = ['save_memo'];

/** The order as the table reads it: its desk status and who fulfils it. */
export interface TransitionSubject {
  status: number;
  fulfillmentChannel: 'AFN' | 'MFN';
}

export function allowedActions(order: TransitionSubject): OrderAction[] {
  const byStatus = ORDER_TRANSITIONS[order.status as DeskStatus] ?? [];
  return order.fulfillmentChannel === 'AFN'
    ? byStatus.filter((a) => MARKETPLACE_FULFILLED_ACTIONS.includes(a))
    : [...byStatus];
}

/**
 * Refuses (409) an action the order does not allow: a marketplace-fulfilled order's own message,
 * otherwise its status and what is allowed.
 */
export function assertAllowed(
  order: TransitionSubject & { id: number },
  action: OrderAction,
): void {
  const allowed = allowedActions(order);
  if (allowed.includes(action)) return;
  const data = { status: order.status, action, allowed };
  if (order.fulfillmentChannel === 'AFN') {
    throw new ConflictError('orders.marketplace_fulfilled', { id: order.id }, data);
  }
  const name = deskStatusName(order.status).replace('_', ' ');
  throw new ConflictError(
    'orders.action_not_allowed',
    { id: order.id, status: name, action: action.replace('_', ' ') },
    data,
  );
}
