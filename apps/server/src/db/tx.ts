import type { Ctx } from '../context.ts';

/** Runs `fn` in a transaction, joining the caller's when `ctx` is already inside one. */
export async function withTransaction<T>(ctx: Ctx, fn: (ctx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.inTransaction) return fn(ctx);
  return ctx.db.transaction((tx) => fn({ ...ctx, db: tx, inTransaction: true }));
}
