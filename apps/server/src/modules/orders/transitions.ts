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

export function allowedActions(status: number): OrderAction[] {
  return [...(ORDER_TRANSITIONS[status as DeskStatus] ?? [])];
}

/** Refuses (409, with the status and what is allowed) an action the order's status does not allow. */
export function assertAllowed(order: { id: number; status: number }, action: OrderAction): void {
  const allowed = allowedActions(order.status);
  if (allowed.includes(action)) return;
  const name = deskStatusName(order.status).replace('_', ' ');
  throw new ConflictError(
    'orders.action_not_allowed',
    { id: order.id, status: name, action: action.replace('_', ' ') },
    {
      status: order.status,
      action,
      allowed,
    },
  );
}
