import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  AddMenuInput,
  DeleteMenuInput,
  DeleteMenuResult,
  GetMenuResult,
  IdInput,
  MenuItem,
  MenuListQuery,
  MenuPageQuery,
  MenuScope,
  UpdateMenuInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { bumpRevision, MENUS_REVISION, readRevision } from '../../db/revisions.ts';
import { withTransaction } from '../../db/tx.ts';
import { menus } from '../../db/schema.ts';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { permsFromRows, scopeOf } from './perms.ts';
import { LOCKS } from '../../db/locks.ts';
import { unixSeconds } from '../../time.ts';

type MenuRow = typeof menus.$inferSelect;

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

const treeOrder = [sql`${menus.parentId} asc nulls first`, asc(menus.orderNum), asc(menus.id)];

const scopeMenusStatement = (db: Executor) =>
  db
    .select()
    .from(menus)
    .where(eq(menus.scope, sql.placeholder('scope')))
    .orderBy(...treeOrder)
    .prepare('scope_menus');

function listScope(ctx: Ctx, scope: MenuScope): Promise<MenuRow[]> {
  return preparedFor(ctx.db, 'scope_menus', scopeMenusStatement).execute({ scope });
}

const menuCache = new WeakMap<
  Executor,
  Map<MenuScope, { revision: number; result: GetMenuResult }>
>();

/**
 * The signed-in actor's menus (seller tree for users, admin tree for operators) and perms.
 * A boss or an operator holds every permission of its tree, so both come from one read, kept
 * per process until a menu edit bumps the revision.
 */
export async function getMenu(ctx: Ctx): Promise<GetMenuResult> {
  if (ctx.actor.kind === 'anonymous') throw new UnauthorizedError();
  const scope = scopeOf(ctx.actor);
  const revision = await readRevision(ctx.db, MENUS_REVISION);
  let cached = menuCache.get(ctx.db);
  if (!cached) {
    cached = new Map();
    menuCache.set(ctx.db, cached);
  }
  const hit = cached.get(scope);
  if (hit && hit.revision === revision) return hit.result;
  const rows = await listScope(ctx, scope);
  const result = { menus: rows.map(toMenuItem), perms: permsFromRows(rows) };
  cached.set(scope, { revision, result });
  return result;
}

export async function listMenus(ctx: Ctx, input: MenuListQuery): Promise<MenuItem[]> {
  return (await listScope(ctx, input.scope)).map(toMenuItem);
}

export async function pageMenus(
  ctx: Ctx,
  input: MenuPageQuery,
): Promise<{ list: MenuItem[]; pagination: { page: number; size: number; total: number } }> {
  const filters: SQL[] = [eq(menus.scope, input.scope)];
  if (input.keyword) {
    const pattern = `%${input.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(ilike(menus.name, pattern), ilike(menus.router, pattern), ilike(menus.perms, pattern))!,
    );
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(menus)
      .where(where)
      .orderBy(...treeOrder)
      .limit(input.size)
      .offset((input.page - 1) * input.size),
    ctx.db.select({ value: count() }).from(menus).where(where),
  ]);
  return {
    list: rows.map(toMenuItem),
    pagination: { page: input.page, size: input.size, total: total?.value ?? 0 },
  };
}

async function findMenu(ctx: Ctx, id: number): Promise<MenuRow> {
  const [row] = await ctx.db.select().from(menus).where(eq(menus.id, id)).limit(1);
  if (!row) throw new NotFoundError('menus.not_found');
  return row;
}

export async function getMenuInfo(ctx: Ctx, input: IdInput): Promise<MenuItem> {
  return toMenuItem(await findMenu(ctx, input.id));
}

/** A parent must exist in the same tree and be a directory or page; permissions have no children. */
async function checkParent(ctx: Ctx, scope: MenuScope, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const [parent] = await ctx.db
    .select({ type: menus.type })
    .from(menus)
    .where(and(eq(menus.id, parentId), eq(menus.scope, scope)))
    .limit(1);
  if (!parent) throw new ValidationError({ parentId: 'menus.parent_not_found' });
  if (parent.type === 2)
    throw new ValidationError({ parentId: 'menus.permission_has_no_children' });
}

/** Every structural edit holds the tree lock and bumps the revision that invalidates caches. */
async function beginMenuEdit(ctx: Ctx): Promise<void> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(${LOCKS.menuEdit})`);
  await bumpRevision(ctx.db, MENUS_REVISION);
}

export async function addMenu(ctx: Ctx, input: AddMenuInput): Promise<MenuItem> {
  return withTransaction(ctx, async (tx) => {
    await beginMenuEdit(tx);
    await checkParent(tx, input.scope, input.parentId);
    const [row] = await tx.db.insert(menus).values(input).returning();
    return toMenuItem(row!);
  });
}

/** Whether `ancestorId` is `id` itself or above it in the tree, walking parents of `scope`. */
async function isAncestorOrSelf(
  ctx: Ctx,
  scope: MenuScope,
  ancestorId: number,
  id: number,
): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: menus.id, parentId: menus.parentId })
    .from(menus)
    .where(eq(menus.scope, scope));
  const parents = new Map(rows.map((r) => [r.id, r.parentId]));
  const seen = new Set<number>();
  for (
    let cur: number | null | undefined = id;
    cur != null && !seen.has(cur);
    cur = parents.get(cur)
  ) {
    if (cur === ancestorId) return true;
    seen.add(cur);
  }
  return false;
}

export async function updateMenu(ctx: Ctx, input: UpdateMenuInput): Promise<MenuItem> {
  return withTransaction(ctx, async (tx) => {
    await beginMenuEdit(tx);
    const current = await findMenu(tx, input.id);
    const scope = current.scope;
    if (input.parentId !== null && (await isAncestorOrSelf(tx, scope, input.id, input.parentId))) {
      throw new ValidationError({
        parentId: 'menus.move_under_itself',
      });
    }
    await checkParent(tx, scope, input.parentId);
    const { id, ...fields } = input;
    const [row] = await tx.db
      .update(menus)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(menus.id, id))
      .returning();
    return toMenuItem(row!);
  });
}

/** Deletes the given menus and everything under them; an unknown id fails the whole call. */
export async function deleteMenus(ctx: Ctx, input: DeleteMenuInput): Promise<DeleteMenuResult> {
  return withTransaction(ctx, async (tx) => {
    await beginMenuEdit(tx);
    const rows = await tx.db.select({ id: menus.id, parentId: menus.parentId }).from(menus);
    const known = new Set(rows.map((r) => r.id));
    const missing = input.ids.filter((id) => !known.has(id));
    if (missing.length > 0)
      throw new NotFoundError('menus.not_found_ids', { ids: missing.join(', ') });

    const children = new Map<number, number[]>();
    for (const r of rows) {
      if (r.parentId !== null)
        children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
    }
    const doomed = new Set<number>();
    const stack = [...input.ids];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (doomed.has(id)) continue;
      doomed.add(id);
      stack.push(...(children.get(id) ?? []));
    }
    await tx.db.delete(menus).where(inArray(menus.id, [...doomed]));
    return { deleted: doomed.size };
  });
}
