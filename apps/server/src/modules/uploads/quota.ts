import { sql } from 'drizzle-orm';
import {
  STORAGE_QUOTA_DEFAULT_BYTES,
  STORAGE_QUOTA_STEP_BYTES,
  type DilatationInput,
  type StorageSpace,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { files, storageQuotas } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError } from '../../errors.ts';
import { ofSeller, sellerIdOf } from '../../tenancy.ts';

async function usedBytes(db: Executor, sellerId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${files.storedBytes}), 0)` })
    .from(files)
    .where(ofSeller(files.sellerId, sellerId));
  return Number(row?.used ?? 0);
}

async function extraBytes(db: Executor, sellerId: number, lock: boolean): Promise<number> {
  const query = db
    .select({ extra: storageQuotas.extraBytes })
    .from(storageQuotas)
    .where(ofSeller(storageQuotas.sellerId, sellerId));
  const [row] = await (lock ? query.for('update') : query);
  return row?.extra ?? 0;
}

export async function storageSpace(ctx: Ctx): Promise<StorageSpace> {
  const sellerId = sellerIdOf(ctx);
  const [used, extra] = await Promise.all([
    usedBytes(ctx.db, sellerId),
    extraBytes(ctx.db, sellerId, false),
  ]);
  return { usedBytes: used, quotaBytes: STORAGE_QUOTA_DEFAULT_BYTES + extra };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Inside the caller's transaction: locks the seller's quota row (made on first use), so
 * parallel uploads of one seller pass this check one at a time, then refuses with 409 when
 * `addBytes` more would not fit. The lock is held until the caller's insert commits.
 */
export async function reserveStorage(txCtx: Ctx, addBytes: number): Promise<void> {
  const sellerId = sellerIdOf(txCtx);
  await txCtx.db.insert(storageQuotas).values({ sellerId }).onConflictDoNothing();
  const extra = await extraBytes(txCtx.db, sellerId, true);
  const used = await usedBytes(txCtx.db, sellerId);
  const quota = STORAGE_QUOTA_DEFAULT_BYTES + extra;
  if (used + addBytes > quota) {
    throw new ConflictError(
      'uploads.quota_exceeded',
      { used: mib(used), quota: mib(quota), needed: mib(addBytes) },
      { usedBytes: used, quotaBytes: quota, neededBytes: addBytes },
    );
  }
}

/**
 * Grows the seller's quota by whole steps. Free for now: charging the account balance for
 * it belongs to the payments issue, which will debit inside this same transaction.
 */
export async function dilateStorage(ctx: Ctx, input: DilatationInput): Promise<StorageSpace> {
  const sellerId = sellerIdOf(ctx);
  const add = input.steps * STORAGE_QUOTA_STEP_BYTES;
  await withTransaction(ctx, (tx) =>
    tx.db
      .insert(storageQuotas)
      .values({ sellerId, extraBytes: add })
      .onConflictDoUpdate({
        target: storageQuotas.sellerId,
        set: {
          extraBytes: sql`${storageQuotas.extraBytes} + ${add}`,
          updatedAt: sql`now()`,
        },
      }),
  );
  return storageSpace(ctx);
}
