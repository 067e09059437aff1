import { permOf, type NotificationKind, type PermRequirement } from '@app/shared';

const PAY = permOf('/my/accountPay', 'pay');
const PO_READ = permOf('/my/accountPay', 'list');
const CONSUME = permOf('/my/consume', 'list');
const RECHARGE = permOf('/my/recharge', 'add');

/**
 * Who of a seller's staff sees a kind: whoever may open what it links to. Purchase orders are
 * read with the purchase-order permissions (`/api/purchase-order/show`: reading, paying or the ledger), a refused tracking push
 * is fixed on the order desk's logistics screen, and money is the finance permissions'. The
 * boss holds them all.
 */
export const KIND_PERM: Record<NotificationKind, PermRequirement> = {
  po_shipped: { or: [PO_READ, PAY, CONSUME] },
  po_delivered: { or: [PO_READ, PAY, CONSUME] },
  po_exception: { or: [PO_READ, PAY, CONSUME] },
  push_refused: permOf('/newOrder', 'logistics'),
  low_balance: { or: [PAY, RECHARGE] },
  awaiting_funds: { or: [PAY, RECHARGE] },
  // What the buyer asked about is read on the order desk.
  privacy_request: permOf('/newOrder', 'info'),
};

/** The web paths notifications open (the pages of the seed's seller menu). */
export const links = {
  purchaseOrder: (id: number) => `/my/accountPay?order=${id}`,
  orderLogistics: (id: number) => `/newOrder/logistics?ids=${id}`,
  order: (number: string) => `/newOrder?seller_order_id=${encodeURIComponent(number)}`,
  recharge: '/my/recharge',
};
