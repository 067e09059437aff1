import { and, count, desc, eq, ilike, inArray, max, or, type SQL } from 'drizzle-orm';
import {
  OPERATOR_STATUS,
  type AddSysUserInput,
  type DeletedCount,
  type DeleteIdsInput,
  type MovedCount,
  type SysUserListQuery,
  type SysUserPageQuery,
  type IdInput,
  type MoveSysUsersInput,
  type SysUser,
  type SysUserPage,
  type UpdateSysUserInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { bumpRevision, MENUS_REVISION } from '../../db/revisions.ts';
import {
  adminLoginLogs,
  adminUserRoles,
  adminUsers,
  sysDepartments,
  sysRoles,
} from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { unixSeconds } from '../../time.ts';
import { recordAudit } from '../audit/index.ts';
import {
  assertPasswordAllowed,
  hashPassword,
  isUniqueViolation,
  revokeSubjectSessions,
} from '../auth/index.ts';
import { containsPattern } from '../goods-library/service.ts';
import { SUPER_ROLE_KEY } from '../menus/index.ts';
import { checkDepartment } from '../sys-dept/index.ts';

type Row = typeof adminUsers.$inferSelect;

/** Roles, department names and last sign-in of `rows`, in three queries whatever their number. */
async function withDetails(ctx: Ctx, rows: Row[]): Promise<SysUser[]> {
  const ids = rows.map((r) => r.id);
  const deptIds = [...new Set(rows.map((r) => r.departmentId).filter((d) => d !== null))];
  const [roles, depts, logins] = await Promise.all([
    ids.length
      ? ctx.db
          .select({ adminId: adminUserRoles.adminId, id: sysRoles.id, name: sysRoles.name })
          .from(adminUserRoles)
          .innerJoin(sysRoles, eq(sysRoles.id, adminUserRoles.roleId))
          .where(inArray(adminUserRoles.adminId, ids))
      : [],
    deptIds.length
      ? ctx.db
          .select({ id: sysDepartments.id, name: sysDepartments.name })
          .from(sysDepartments)
          .where(inArray(sysDepartments.id, deptIds))
      : [],
    ids.length
      ? ctx.db
          .select({ adminId: adminLoginLogs.adminId, at: max(adminLoginLogs.at) })
          .from(adminLoginLogs)
          .where(and(inArray(adminLoginLogs.adminId, ids), eq(adminLoginLogs.success, true)))
          .groupBy(adminLoginLogs.adminId)
      : [],
  ]);
  const deptName = new Map(depts.map((d) => [d.id, d.name]));
  const lastLogin = new Map(logins.map((l) => [l.adminId, l.at]));
  return rows.map((row) => {
    const mine = roles.filter((r) => r.adminId === row.id).sort((a, b) => a.id - b.id);
    const at = lastLogin.get(row.id);
    return {
      id: row.id,
      username: row.username,
      name: row.name,
      email: row.email,
      phone: row.phone,
      remark: row.remark,
      status: row.status === OPERATOR_STATUS.active ? 1 : 0,
      departmentId: row.departmentId,
      departmentName: row.departmentId === null ? null : (deptName.get(row.departmentId) ?? null),
      roleIds: mine.map((r) => r.id),
      roleNames: mine.map((r) => r.name),
      lastLoginTime: at ? unixSeconds(at) : null,
      createTime: unixSeconds(row.createdAt),
      updateTime: unixSeconds(row.updatedAt),
    };
  });
}

function filtersOf(q: Partial<SysUserPageQuery>): SQL | undefined {
  const pattern = q.keyword ? containsPattern(q.keyword) : null;
  return and(
    pattern ? or(ilike(adminUsers.username, pattern), ilike(adminUsers.name, pattern)) : undefined,
    q.departmentIds ? inArray(adminUsers.departmentId, q.departmentIds) : undefined,
    q.status !== undefined ? eq(adminUsers.status, q.status) : undefined,
  );
}

export async function listSysUsers(ctx: Ctx, q: SysUserListQuery): Promise<SysUser[]> {
  const rows = await ctx.db
    .select()
    .from(adminUsers)
    .where(filtersOf(q))
    .orderBy(desc(adminUsers.id))
    .limit(1000);
  return withDetails(ctx, rows);
}

export async function pageSysUsers(ctx: Ctx, q: SysUserPageQuery): Promise<SysUserPage> {
  const where = filtersOf(q);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(adminUsers)
      .where(where)
      .orderBy(desc(adminUsers.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(adminUsers).where(where),
  ]);
  return {
    list: await withDetails(ctx, rows),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

async function findSysUser(ctx: Ctx, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  if (!row) throw new NotFoundError('console.user_not_found');
  return row;
}

export async function getSysUser(ctx: Ctx, input: IdInput): Promise<SysUser> {
  return (await withDetails(ctx, [await findSysUser(ctx, input.id)]))[0]!;
}

async function checkRoles(ctx: Ctx, roleIds: number[]): Promise<number[]> {
  const ids = [...new Set(roleIds)];
  if (ids.length === 0) return ids;
  const found = await ctx.db
    .select({ id: sysRoles.id })
    .from(sysRoles)
    .where(inArray(sysRoles.id, ids));
  if (found.length !== ids.length) throw new ValidationError({ roleIds: 'console.role_not_found' });
  return ids;
}

/** Active operators holding the super role. */
async function activeSuperCount(ctx: Ctx): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(adminUserRoles)
    .innerJoin(sysRoles, eq(sysRoles.id, adminUserRoles.roleId))
    .innerJoin(adminUsers, eq(adminUsers.id, adminUserRoles.adminId))
    .where(and(eq(sysRoles.key, SUPER_ROLE_KEY), eq(adminUsers.status, OPERATOR_STATUS.active)));
  return row?.n ?? 0;
}

async function setRoles(ctx: Ctx, adminId: number, roleIds: number[]): Promise<void> {
  await ctx.db.delete(adminUserRoles).where(eq(adminUserRoles.adminId, adminId));
  if (roleIds.length) {
    await ctx.db.insert(adminUserRoles).values(roleIds.map((roleId) => ({ adminId, roleId })));
  }
  // The operator's permissions changed: every process drops its cached tree.
  await bumpRevision(ctx.db, MENUS_REVISION);
}

/** The console must keep an active operator holding the super role (409 otherwise). */
async function keepASuperOperator(ctx: Ctx): Promise<void> {
  if ((await activeSuperCount(ctx)) === 0) throw new ConflictError('console.last_super');
}

export async function addSysUser(ctx: Ctx, input: AddSysUserInput): Promise<SysUser> {
  await assertPasswordAllowed(input.password, [input.username, input.email, input.phone]);
  const passwordHash = await hashPassword(input.password);
  return withTransaction(ctx, async (tx) => {
    await checkDepartment(tx, input.departmentId, 'departmentId');
    const roleIds = await checkRoles(tx, input.roleIds);
    const { password: _password, roleIds: _roles, ...fields } = input;
    let row: Row;
    try {
      [row] = (await tx.db
        .insert(adminUsers)
        .values({ ...fields, passwordHash })
        .returning()) as [Row];
    } catch (error) {
      if (isUniqueViolation(error, 'admin_users_username_unique'))
        throw new ValidationError({ username: 'console.username_taken' });
      throw error;
    }
    await setRoles(tx, row.id, roleIds);
    await recordAudit(tx, {
      object: 'sys_user',
      id: row.id,
      before: null,
      after: { ...row, roleIds },
    });
    return (await withDetails(tx, [row]))[0]!;
  });
}

/**
 * Changes what is sent: profile, department, roles, status (disabling ends the operator's
 * sessions) or password (the reset ends them too). Nobody disables themselves.
 */
export async function updateSysUser(ctx: Ctx, input: UpdateSysUserInput): Promise<SysUser> {
  const self = ctx.actor.kind === 'admin' ? ctx.actor.adminId : null;
  if (input.id === self && input.status === OPERATOR_STATUS.disabled) {
    throw new ConflictError('console.cannot_disable_self');
  }
  const before = await findSysUser(ctx, input.id);
  if (input.password !== undefined) {
    await assertPasswordAllowed(input.password, [
      before.username,
      input.email ?? before.email,
      input.phone ?? before.phone,
    ]);
  }
  const passwordHash =
    input.password === undefined ? undefined : await hashPassword(input.password);
  return withTransaction(ctx, async (tx) => {
    if (input.departmentId !== undefined) {
      await checkDepartment(tx, input.departmentId, 'departmentId');
    }
    const [beforeView] = await withDetails(tx, [before]);
    const { id, roleIds, password: _password, ...fields } = input;
    const [row] = await tx.db
      .update(adminUsers)
      .set({ ...fields, ...(passwordHash && { passwordHash }), updatedAt: new Date() })
      .where(eq(adminUsers.id, id))
      .returning();
    if (roleIds !== undefined) await setRoles(tx, id, await checkRoles(tx, roleIds));
    if (input.status !== undefined && input.status !== before.status) {
      await bumpRevision(tx.db, MENUS_REVISION);
    }
    await keepASuperOperator(tx);
    const disabled = input.status === OPERATOR_STATUS.disabled;
    if (disabled || passwordHash) {
      // A reset by the operator themselves keeps the session they are using.
      const keep = id === self && ctx.actor.kind === 'admin' ? ctx.actor.sessionId : undefined;
      await revokeSubjectSessions(tx.db, { type: 'admin', id }, disabled ? undefined : keep);
    }
    const [after] = await withDetails(tx, [row!]);
    await recordAudit(tx, {
      object: 'sys_user',
      id,
      before: { ...before, roleIds: beforeView!.roleIds, passwordReset: false },
      after: { ...row!, roleIds: after!.roleIds, passwordReset: passwordHash !== undefined },
    });
    return after!;
  });
}

/** Deleting operators ends their sessions (their rows cascade); nobody deletes themselves. */
export async function deleteSysUsers(ctx: Ctx, input: DeleteIdsInput): Promise<DeletedCount> {
  const self = ctx.actor.kind === 'admin' ? ctx.actor.adminId : null;
  if (self !== null && input.ids.includes(self))
    throw new ConflictError('console.cannot_delete_self');
  return withTransaction(ctx, async (tx) => {
    const rows = await tx.db.select().from(adminUsers).where(inArray(adminUsers.id, input.ids));
    if (rows.length !== new Set(input.ids).size) throw new NotFoundError('console.user_not_found');
    for (const row of rows) await revokeSubjectSessions(tx.db, { type: 'admin', id: row.id });
    await tx.db.delete(adminUsers).where(inArray(adminUsers.id, input.ids));
    await bumpRevision(tx.db, MENUS_REVISION);
    await keepASuperOperator(tx);
    for (const row of rows) {
      await recordAudit(tx, { object: 'sys_user', id: row.id, before: row, after: null });
    }
    return { deleted: rows.length };
  });
}

/** Moves operators to a department (null: none). */
export async function moveSysUsers(ctx: Ctx, input: MoveSysUsersInput): Promise<MovedCount> {
  return withTransaction(ctx, async (tx) => {
    await checkDepartment(tx, input.departmentId, 'departmentId');
    const rows = await tx.db.select().from(adminUsers).where(inArray(adminUsers.id, input.userIds));
    if (rows.length !== new Set(input.userIds).size)
      throw new NotFoundError('console.user_not_found');
    await tx.db
      .update(adminUsers)
      .set({ departmentId: input.departmentId, updatedAt: new Date() })
      .where(inArray(adminUsers.id, input.userIds));
    for (const row of rows) {
      await recordAudit(tx, {
        object: 'sys_user',
        id: row.id,
        before: { departmentId: row.departmentId },
        after: { departmentId: input.departmentId },
      });
    }
    return { moved: rows.length };
  });
}
