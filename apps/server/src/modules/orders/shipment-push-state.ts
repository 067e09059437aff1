import { desc, inArray } from 'drizzle-orm';
import type { ShipmentPush } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { shipmentPushes } from '../../db/schema.ts';
import { unixSeconds } from '../../time.ts';

/** Each order's latest push row. */
export async function latestRows(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectDistinctOn([shipmentPushes.orderId])
    .from(shipmentPushes)
    .where(inArray(shipmentPushes.orderId, orderIds))
    .orderBy(shipmentPushes.orderId, desc(shipmentPushes.id));
}

/** Each order's latest push, as the order list shows it. */
export async function latestPushes(
  db: Executor,
  orderIds: number[],
): Promise<Map<number, ShipmentPush>> {
  const rows = await latestRows(db, orderIds);
  return new Map(
    rows.map((r) => [
      r.orderId,
      {
        status: r.status,
        tracking_number: r.trackingNumber,
        reason: r.reason,
        attempts: r.attempts,
        updated_at: unixSeconds(r.updatedAt),
      },
    ]),
  );
}
