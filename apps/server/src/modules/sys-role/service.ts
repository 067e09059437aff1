import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type {
  AddRoleInput,
  DeletedCount,
  DeleteIdsInput,
  IdInput,
  PermissionTree,
  RolePage,
  RolePageQuery,
  SysRole,
  UpdateRoleInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { bumpRevision, MENUS_REVISION } from '../../db/revisions.ts';
import { adminUserRoles, adminUsers, sysRoles } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { unixSeconds } from '../../time.ts';
import { recordAudit } from '../audit/index.ts';
import { containsPattern } from '../goods-library/service.ts';
import { permissionTree, scopeTree, SUPER_ROLE_KEY } from '../menus/index.ts';

type Row = typeof sysRoles.$inferSelect;

async function userCounts(ctx: Ctx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: adminUserRoles.roleId, n: count() })
    .from(adminUserRoles)
    .where(inArray(adminUserRoles.roleId, ids))
    .groupBy(adminUserRoles.roleId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

const toRole = (row: Row, users: number): SysRole => ({
  id: row.id,
  key: row.key,
  name: row.name,
  remark: row.remark,
  builtIn: row.builtIn,
  permissions: row.permissions,
  userCount: users,
  createTime: unixSeconds(row.createdAt),
  updateTime: unixSeconds(row.updatedAt),
});

async function withCounts(ctx: Ctx, rows: Row[]): Promise<SysRole[]> {
  const counts = await userCounts(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRole(r, counts.get(r.id) ?? 0));
}

/** Built-in roles first, then the newest. */
const roleOrder = [desc(sysRoles.builtIn), desc(sysRoles.id)];

export async function listRoles(ctx: Ctx): Promise<SysRole[]> {
  return withCounts(
    ctx,
    await ctx.db
      .select()
      .from(sysRoles)
      .orderBy(...roleOrder),
  );
}

export async function pageRoles(ctx: Ctx, q: RolePageQuery): Promise<RolePage> {
  const where = q.keyword ? ilike(sysRoles.name, containsPattern(q.keyword)) : undefined;
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(sysRoles)
      .where(where)
      .orderBy(...roleOrder)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(sysRoles).where(where),
  ]);
  return {
    list: await withCounts(ctx, rows),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

async function findRole(ctx: Ctx, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(sysRoles).where(eq(sysRoles.id, id)).limit(1);
  if (!row) throw new NotFoundError('console.role_not_found');
  return row;
}

export async function getRole(ctx: Ctx, input: IdInput): Promise<SysRole> {
  return (await withCounts(ctx, [await findRole(ctx, input.id)]))[0]!;
}

/** The admin tree's pages with permissions: what a role's check boxes offer. */
export const rolePermissionTree = (ctx: Ctx): Promise<PermissionTree> =>
  permissionTree(ctx, 'admin');

/** Only permissions of the admin tree may be granted; an unknown one is a 422 on `permissions`. */
async function checkPermissions(ctx: Ctx, permissions: string[]): Promise<string[]> {
  const known = new Set((await scopeTree(ctx, 'admin')).result.perms);
  const unknown = permissions.find((p) => !known.has(p));
  if (unknown !== undefined) {
    throw new ValidationError({
      permissions: { key: 'console.unknown_permission', params: { perm: unknown } },
    });
  }
  return [...new Set(permissions)].sort();
}

export async function addRole(ctx: Ctx, input: AddRoleInput): Promise<SysRole> {
  const permissions = await checkPermissions(ctx, input.permissions);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(sysRoles)
      .values({ name: input.name, remark: input.remark, permissions })
      .returning();
    await recordAudit(tx, { object: 'sys_role', id: row!.id, before: null, after: row! });
    return toRole(row!, 0);
  });
}

/** A built-in role is read-only (409); a changed permission list reaches its operators at once. */
async function findEditableRole(ctx: Ctx, id: number): Promise<Row> {
  const row = await findRole(ctx, id);
  if (row.builtIn) throw new ConflictError('console.role_built_in');
  return row;
}

export async function updateRole(ctx: Ctx, input: UpdateRoleInput): Promise<SysRole> {
  const permissions = await checkPermissions(ctx, input.permissions);
  return withTransaction(ctx, async (tx) => {
    const before = await findEditableRole(tx, input.id);
    const [row] = await tx.db
      .update(sysRoles)
      .set({ name: input.name, remark: input.remark, permissions, updatedAt: new Date() })
      .where(eq(sysRoles.id, before.id))
      .returning();
    await bumpRevision(tx.db, MENUS_REVISION);
    await recordAudit(tx, { object: 'sys_role', id: before.id, before, after: row! });
    return (await withCounts(tx, [row!]))[0]!;
  });
}

/** Refused (409 with the number of operators) while operators hold the role. */
export async function deleteRoles(ctx: Ctx, input: DeleteIdsInput): Promise<DeletedCount> {
  return withTransaction(ctx, async (tx) => {
    const rows = [];
    for (const id of new Set(input.ids)) rows.push(await findEditableRole(tx, id));
    const counts = await userCounts(tx, input.ids);
    const users = [...counts.values()].reduce((a, b) => a + b, 0);
    if (users > 0) throw new ConflictError('console.role_in_use', { count: users });
    await tx.db.delete(sysRoles).where(
      and(
        inArray(
          sysRoles.id,
          rows.map((r) => r.id),
        ),
        eq(sysRoles.builtIn, false),
      ),
    );
    for (const row of rows) {
      await recordAudit(tx, { object: 'sys_role', id: row.id, before: row, after: null });
    }
    return { deleted: rows.length };
  });
}

/**
 * The built-in role that holds the whole console, seeded at every start. While no operator has a
 * role (the first start with roles), every operator gets it, so nobody loses the console they had;
 * after that the last active super operator cannot lose it (`sys-user`).
 */
export async function seedSuperRole(ctx: Pick<Ctx, 'db'>): Promise<void> {
  await ctx.db
    .insert(sysRoles)
    .values({ key: SUPER_ROLE_KEY, name: 'sys.role.super', builtIn: true })
    .onConflictDoNothing();
  const [assigned] = await ctx.db.select({ n: count() }).from(adminUserRoles);
  if ((assigned?.n ?? 0) > 0) return;
  const [role] = await ctx.db
    .select({ id: sysRoles.id })
    .from(sysRoles)
    .where(eq(sysRoles.key, SUPER_ROLE_KEY));
  const admins = await ctx.db.select({ id: adminUsers.id }).from(adminUsers);
  if (admins.length === 0) return;
  await ctx.db
    .insert(adminUserRoles)
    .values(admins.map((a) => ({ adminId: a.id, roleId: role!.id })))
    .onConflictDoNothing();
  await bumpRevision(ctx.db, MENUS_REVISION);
}
