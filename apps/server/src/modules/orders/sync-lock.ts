import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { LOCKS } from '../../db/locks.ts';

/**
 * One writer of a store's synced orders at a time, for the transaction: two syncs (a click and
 * the schedule) must not both insert an order, nor recount the same statistics keys at once.
 */
export const lockStore = (db: Executor, storeId: number) =>
  db.execute(sql`select pg_advisory_xact_lock(${LOCKS.orderSync}::int, ${storeId}::int)`);
