import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { DESK_STATUS } from '@app/shared';
import { orders } from '../../db/schema.ts';

/** The desk statuses in which an order still waits for the seller to buy it. */
const OPEN: number[] = [DESK_STATUS.new, DESK_STATUS.on_hold, DESK_STATUS.processing];

/** Tagged and still open: purchasing clears the tag, a cancel or shipment closes the order. */
export const isAwaitingFunds = (row: { awaitingFunds: boolean; status: number }): boolean =>
  row.awaitingFunds && OPEN.includes(row.status);

/** The desk filter of `isAwaitingFunds`. */
export const awaitingFundsWhere = (): SQL =>
  and(eq(orders.awaitingFunds, true), inArray(orders.status, OPEN))!;
