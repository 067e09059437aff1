import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { MenuScope } from '@app/shared';
import type { Actor } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { menus } from '../../db/schema.ts';

export function scopeOf(actor: Exclude<Actor, { kind: 'anonymous' }>): MenuScope {
  return actor.kind === 'admin' ? 'admin' : 'seller';
}

/** A menu's `perms` may list several strings separated by commas. */
export function permsFromRows(rows: ReadonlyArray<{ perms: string | null }>): string[] {
  const perms = new Set<string>();
  for (const row of rows) {
    for (const p of (row.perms ?? '').split(',')) {
      const trimmed = p.trim();
      if (trimmed) perms.add(trimmed);
    }
  }
  return [...perms].sort();
}

const scopePermsStatement = (db: Executor) =>
  db
    .select({ perms: menus.perms })
    .from(menus)
    .where(and(eq(menus.scope, sql.placeholder('scope')), isNotNull(menus.perms)))
    .prepare('scope_perms');

/**
 * The permission strings an actor holds. A boss holds every seller permission and an
 * operator every admin one; staff groups narrow this later.
 */
export async function loadPerms(db: Executor, actor: Actor): Promise<string[]> {
  if (actor.kind === 'anonymous') return [];
  const rows = await preparedFor(db, 'scope_perms', scopePermsStatement).execute({
    scope: scopeOf(actor),
  });
  return permsFromRows(rows);
}
