import { asc, eq, sql } from 'drizzle-orm';
import type { GetMenuResult, MenuItem, MenuScope } from '@app/shared';
import type { Actor, Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { MENUS_REVISION, readRevision } from '../../db/revisions.ts';
import { menus } from '../../db/schema.ts';
import { unixSeconds } from '../../time.ts';

type MenuRow = typeof menus.$inferSelect;

/** The menu tree of a signed-in actor; the system actor has none (it never passes a route). */
export function scopeOf(actor: Extract<Actor, { kind: 'user' | 'admin' }>): MenuScope {
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

export function toMenuItem(row: MenuRow): MenuItem {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    router: row.router,
    perms: row.perms,
    type: row.type as MenuItem['type'],
    icon: row.icon,
    orderNum: row.orderNum,
    viewPath: row.viewPath,
    keepAlive: row.keepAlive,
    isShow: row.isShow,
    createTime: unixSeconds(row.createdAt),
    updateTime: unixSeconds(row.updatedAt),
  };
}

export const treeOrder = [
  sql`${menus.parentId} asc nulls first`,
  asc(menus.orderNum),
  asc(menus.id),
];

const scopeMenusStatement = (db: Executor) =>
  db
    .select()
    .from(menus)
    .where(eq(menus.scope, sql.placeholder('scope')))
    .orderBy(...treeOrder)
    .prepare('scope_menus');

export function listScope(db: Executor, scope: MenuScope): Promise<MenuRow[]> {
  return preparedFor(db, 'scope_menus', scopeMenusStatement).execute({ scope });
}

/** One revision of a scope's tree; a new revision is a new object, so callers may key caches on it. */
export interface ScopeTree {
  scope: MenuScope;
  revision: number;
  result: GetMenuResult;
}

const trees = new WeakMap<Executor, Map<MenuScope, ScopeTree>>();

/**
 * A scope's menu tree and every permission in it, kept per process until a menu edit bumps the
 * revision. A boss or an operator holds every permission of its tree, so the tree is the same
 * for every actor of a scope; the revision comes with the session (`ctx.permVersion`), so a
 * cached tree costs no query at all.
 */
export async function scopeTree(ctx: Ctx, scope: MenuScope): Promise<ScopeTree> {
  const revision = ctx.permVersion ?? (await readRevision(ctx.db, MENUS_REVISION));
  let cached = trees.get(ctx.db);
  if (!cached) {
    cached = new Map();
    trees.set(ctx.db, cached);
  }
  const hit = cached.get(scope);
  if (hit && hit.revision === revision) return hit;
  const rows = await listScope(ctx.db, scope);
  const result = { menus: rows.map(toMenuItem), perms: permsFromRows(rows) };
  const tree = { scope, revision, result };
  cached.set(scope, tree);
  return tree;
}

/** The permission strings an actor holds: every permission of its scope's tree. */
export async function loadPerms(ctx: Ctx): Promise<string[]> {
  // Jobs and seeds call services directly, past every route's permission check: no menu grants
  // the system actor anything.
  if (ctx.actor.kind === 'anonymous' || ctx.actor.kind === 'system') return [];
  return (await scopeTree(ctx, scopeOf(ctx.actor))).result.perms;
}
