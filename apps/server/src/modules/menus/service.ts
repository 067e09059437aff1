import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  AddMenuInput,
  DeleteMenuInput,
  DeleteMenuResult,
  IdInput,
  MenuItem,
  MenuListQuery,
  MenuPageQuery,
  MenuScope,
  UpdateMenuInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { bumpRevision, MENUS_REVISION } from '../../db/revisions.ts';
import { withTransaction } from '../../db/tx.ts';
import { menus } from '../../db/schema.ts';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { actorTree, listScope, toMenuItem, treeOrder, type ScopeTree } from './perms.ts';

export type { ScopeTree };
import { LOCKS } from '../../db/locks.ts';
import { recordAudit } from '../audit/index.ts';

type MenuRow = typeof menus.$inferSelect;

/** The signed-in actor's menus (seller tree for users, admin tree for operators) and perms. */
export async function getMenu(ctx: Ctx): Promise<ScopeTree> {
  if (ctx.actor.kind === 'anonymous' || ctx.actor.kind === 'system') throw new UnauthorizedError();
  return actorTree(ctx);
}

export async function listMenus(ctx: Ctx, input: MenuListQuery): Promise<MenuItem[]> {
  return (await listScope(ctx.db, input.scope)).map(toMenuItem);
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
    await recordAudit(tx, { object: 'sys_menu', id: row!.id, before: null, after: row! });
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
    await recordAudit(tx, { object: 'sys_menu', id, before: current, after: row! });
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
    const gone = await tx.db
      .delete(menus)
      .where(inArray(menus.id, [...doomed]))
      .returning();
    for (const row of gone) {
      await recordAudit(tx, { object: 'sys_menu', id: row.id, before: row, after: null });
    }
    return { deleted: doomed.size };
  });
}
