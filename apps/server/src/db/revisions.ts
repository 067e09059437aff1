import { eq, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { preparedFor } from './prepared.ts';
import { revisions } from './schema.ts';

/** The menu trees, cached per process by get-menu. */
export const MENUS_REVISION = 'menus';

/** Marks `name` as changed; call it inside the transaction that changes the data. */
export async function bumpRevision(db: Executor, name: string): Promise<void> {
  await db
    .insert(revisions)
    .values({ name, value: 1 })
    .onConflictDoUpdate({ target: revisions.name, set: { value: sql`${revisions.value} + 1` } });
}

const readStatement = (db: Executor) =>
  db
    .select({ value: revisions.value })
    .from(revisions)
    .where(eq(revisions.name, sql.placeholder('name')))
    .prepare('read_revision');

export async function readRevision(db: Executor, name: string): Promise<number> {
  const [row] = await preparedFor(db, 'read_revision', readStatement).execute({ name });
  return row?.value ?? 0;
}
