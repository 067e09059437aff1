import { and, eq, isNotNull } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { menus } from '../../db/schema.ts';

/**
 * The permission strings an actor holds. A boss holds every seller permission and an
 * operator every admin one; staff groups narrow this later. A menu's `perms` may list
 * several strings separated by commas.
 */
export async function loadPerms(db: Executor, actor: Actor): Promise<string[]> {
  if (actor.kind === 'anonymous') return [];
  const scope = actor.kind === 'admin' ? 'admin' : 'seller';
  const rows = await db
    .select({ perms: menus.perms })
    .from(menus)
    .where(and(eq(menus.scope, scope), isNotNull(menus.perms)));
  const perms = new Set<string>();
  for (const row of rows) {
    for (const p of (row.perms ?? '').split(',')) {
      const trimmed = p.trim();
      if (trimmed) perms.add(trimmed);
    }
  }
  return [...perms].sort();
}
