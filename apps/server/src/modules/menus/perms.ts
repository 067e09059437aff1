import { asc, eq, sql } from 'drizzle-orm';
import {
  MENU_TYPE,
  type GetMenuResult,
  type MenuItem,
  type MenuScope,
  type PermissionTree,
} from '@app/shared';
import type { Actor, Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { MENUS_REVISION, readRevision } from '../../db/revisions.ts';
import { adminUserRoles, groups, menus, sysRoles, userGroups } from '../../db/schema.ts';
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
  /** Set on a staff user's narrowed tree: their answer is theirs alone (its own ETag). */
  userId?: number;
}

const trees = new WeakMap<Executor, Map<MenuScope, ScopeTree>>();

/**
 * A scope's menu tree and every permission in it, kept per process until a menu edit bumps the
 * revision. A boss or an operator holds every permission of its tree, so the tree is the same
 * for every actor of a scope; the revision comes with the session (`ctx.permVersion`), so a
 * cached tree costs no query at all.
 */
export async function scopeTree(
  ctx: Pick<Ctx, 'db' | 'permVersion'>,
  scope: MenuScope,
): Promise<ScopeTree> {
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

/** The permissions a staff user's groups grant (the union), as stored. */
async function groupPerms(db: Executor, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ permissions: groups.permissions })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(eq(userGroups.userId, userId));
  return new Set(rows.flatMap((r) => r.permissions));
}

/** The key of the seeded operator role that holds the whole admin tree, whatever it becomes. */
export const SUPER_ROLE_KEY = 'super';

/** The permissions an operator's roles grant (the union); `all` when one of them is the super role. */
async function rolePerms(db: Executor, adminId: number): Promise<Set<string> | 'all'> {
  const rows = await db
    .select({ key: sysRoles.key, permissions: sysRoles.permissions })
    .from(adminUserRoles)
    .innerJoin(sysRoles, eq(sysRoles.id, adminUserRoles.roleId))
    .where(eq(adminUserRoles.adminId, adminId));
  if (rows.some((r) => r.key === SUPER_ROLE_KEY)) return 'all';
  return new Set(rows.flatMap((r) => r.permissions));
}

/** Whether a menu row grants something the holder has: any of its comma-separated perms. */
const grants = (row: MenuItem, held: ReadonlySet<string>) =>
  permsFromRows([row]).some((p) => held.has(p));

/**
 * The tree cut down to what a staff user may use: permission rows they hold, pages with one of
 * them (or with no permissions at all, such as home), and directories still holding a page they
 * can use. A hidden page without permissions (a detail page) stays, but keeps no directory alive.
 */
export function narrowTree(rows: MenuItem[], held: ReadonlySet<string>): GetMenuResult {
  const children = new Map<number | null, MenuItem[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const kept = new Set<number>();
  const keep = (row: MenuItem): boolean => {
    const below = children.get(row.id) ?? [];
    if (row.type === MENU_TYPE.permission) {
      if (!grants(row, held)) return false;
      kept.add(row.id);
      return true;
    }
    const usable = below.map(keep).some(Boolean);
    if (row.type === MENU_TYPE.page) {
      const perms = below.filter((c) => c.type === MENU_TYPE.permission);
      if (perms.length > 0 && !usable) return false;
      kept.add(row.id);
      return usable || row.isShow;
    }
    if (usable) kept.add(row.id);
    return usable;
  };
  (children.get(null) ?? []).forEach(keep);
  const menusKept = rows.filter((r) => kept.has(r.id));
  return { menus: menusKept, perms: permsFromRows(menusKept) };
}

/** Staff trees per scope tree (so per revision) and user; a group or membership edit bumps the revision. */
const staffTrees = new WeakMap<ScopeTree, Map<number, ScopeTree>>();

/**
 * The tree an actor may use: the whole scope tree for a boss and a super operator, the narrowed
 * one for staff (their groups) and other operators (their roles), cached per user and revision:
 * the revision versions groups, roles and memberships too. Trees are per scope, so a user's and an
 * operator's equal ids never meet in one cache.
 */
export async function actorTree(ctx: Ctx): Promise<ScopeTree> {
  const { actor } = ctx;
  if (actor.kind !== 'user' && actor.kind !== 'admin') throw new Error('no menu tree');
  const tree = await scopeTree(ctx, scopeOf(actor));
  if (actor.kind === 'user' && actor.isBoss) return tree;
  let perUser = staffTrees.get(tree);
  if (!perUser) {
    perUser = new Map();
    staffTrees.set(tree, perUser);
  }
  const id = actor.kind === 'admin' ? actor.adminId : actor.userId;
  const hit = perUser.get(id);
  if (hit) return hit;
  const held =
    actor.kind === 'admin'
      ? await rolePerms(ctx.db, actor.adminId)
      : await groupPerms(ctx.db, actor.userId);
  const rows = tree.result.menus;
  const narrowed = held === 'all' ? tree : { ...tree, result: narrowTree(rows, held), userId: id };
  perUser.set(id, narrowed);
  return narrowed;
}

/**
 * A scope's pages that carry permissions, grouped under their top-level menu: what a seller's
 * group or an operator's role picks from. `allow` leaves out permissions nobody may be given.
 */
export async function permissionTree(
  ctx: Pick<Ctx, 'db' | 'permVersion'>,
  scope: MenuScope,
  allow: (perm: string) => boolean = () => true,
): Promise<PermissionTree> {
  const rows = (await scopeTree(ctx, scope)).result.menus;
  const byParent = new Map<number | null, typeof rows>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  type Page = PermissionTree[number]['pages'][number];
  const pageOf = (page: (typeof rows)[number]): Page[] => {
    const perms = (byParent.get(page.id) ?? [])
      .filter((p) => p.type === MENU_TYPE.permission && p.perms && allow(p.perms))
      .map((p) => ({ id: p.id, name: p.name, perm: p.perms! }));
    return perms.length > 0 ? [{ id: page.id, name: page.name, router: page.router, perms }] : [];
  };
  const pagesOf = (row: (typeof rows)[number]): Page[] => {
    if (row.type === MENU_TYPE.page) return pageOf(row);
    if (row.type !== MENU_TYPE.directory) return [];
    return (byParent.get(row.id) ?? []).flatMap(pagesOf);
  };
  return (byParent.get(null) ?? [])
    .map((top) => ({ id: top.id, name: top.name, pages: pagesOf(top) }))
    .filter((menu) => menu.pages.length > 0);
}

/**
 * The permission strings an actor holds: every permission of its scope's tree for a boss or an
 * operator; for staff, those of the tree their groups grant.
 */
export async function loadPerms(ctx: Ctx): Promise<string[]> {
  // Jobs and seeds call services directly, past every route's permission check: no menu grants
  // the system actor anything.
  if (ctx.actor.kind === 'anonymous' || ctx.actor.kind === 'system') return [];
  return (await actorTree(ctx)).result.perms;
}

/**
 * The permissions of one of a seller's users outside their own request (whom a notification is
 * e-mailed to): the whole seller tree for the boss, the narrowed one for staff.
 */
export async function userPerms(
  ctx: Pick<Ctx, 'db' | 'permVersion'>,
  user: { userId: number; isBoss: boolean },
): Promise<string[]> {
  const tree = await scopeTree(ctx, 'seller');
  if (user.isBoss) return tree.result.perms;
  return narrowTree(tree.result.menus, await groupPerms(ctx.db, user.userId)).perms;
}
