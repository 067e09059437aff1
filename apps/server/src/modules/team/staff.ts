import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, max, notInArray, or, type SQL } from 'drizzle-orm';
import type {
  CreateStaffInput,
  DisableStaffInput,
  IdInput,
  IdsInput,
  RelatedUser,
  StaffPage,
  StaffQuery,
  StaffStatus,
  StaffUser,
  UpdateStaffInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { bumpRevision, MENUS_REVISION } from '../../db/revisions.ts';
import {
  groups,
  loginLogs,
  staffInvitations,
  stores,
  storeStaff,
  userGroups,
  users,
} from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import {
  assertPasswordAllowed,
  conflictOn,
  findUserBy,
  hashPassword,
  isUniqueViolation,
  revokeSubjectSessions,
  type AuthCtx,
} from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { containsPattern } from '../goods-library/service.ts';
import { usableGroups } from './groups.ts';
import { sendInvitation, type InviteLink } from './invitations.ts';

type UserRow = typeof users.$inferSelect;

const ACTIVE = 1;
const DISABLED = 0;
/** Disabled wins: a disabled member cannot accept an invitation either. */
const statusOf = (row: UserRow, invited = false): StaffStatus =>
  row.status !== ACTIVE ? 'disabled' : invited ? 'invited' : 'active';
const pendingInvitations = (ctx: Ctx) =>
  ctx.db.select({ id: staffInvitations.userId }).from(staffInvitations);

async function membership(ctx: Ctx, userIds: number[]) {
  const groupIds = new Map<number, number[]>(userIds.map((id) => [id, []]));
  const storeIds = new Map<number, number[]>(userIds.map((id) => [id, []]));
  const lastLogin = new Map<number, Date>();
  const invited = new Set<number>();
  if (userIds.length === 0) return { groupIds, storeIds, lastLogin, invited };
  const [g, s, l, i] = await Promise.all([
    ctx.db.select().from(userGroups).where(inArray(userGroups.userId, userIds)),
    ctx.db.select().from(storeStaff).where(inArray(storeStaff.userId, userIds)),
    ctx.db
      .select({ userId: loginLogs.userId, at: max(loginLogs.createdAt) })
      .from(loginLogs)
      .where(and(inArray(loginLogs.userId, userIds), eq(loginLogs.success, true)))
      .groupBy(loginLogs.userId),
    ctx.db
      .select({ userId: staffInvitations.userId })
      .from(staffInvitations)
      .where(inArray(staffInvitations.userId, userIds)),
  ]);
  for (const row of g) groupIds.get(row.userId)?.push(row.groupId);
  for (const row of s) storeIds.get(row.userId)?.push(row.storeId);
  for (const row of l) if (row.userId !== null && row.at) lastLogin.set(row.userId, row.at);
  for (const row of i) invited.add(row.userId);
  return { groupIds, storeIds, lastLogin, invited };
}

async function toStaff(ctx: Ctx, rows: UserRow[]): Promise<StaffUser[]> {
  const { groupIds, storeIds, lastLogin, invited } = await membership(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const last = lastLogin.get(row.id);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      mobile: row.mobile,
      is_boss: row.isBoss,
      status: statusOf(row, invited.has(row.id)),
      group_ids: (groupIds.get(row.id) ?? []).sort((a, b) => a - b),
      store_ids: (storeIds.get(row.id) ?? []).sort((a, b) => a - b),
      last_login_at: last ? unixSeconds(last) : null,
      created_at: unixSeconds(row.createdAt),
    };
  });
}

/** A staff member as the audit log shows them: the row and their groups and stores. */
async function audited(ctx: Ctx, row: UserRow) {
  const { groupIds, storeIds } = await membership(ctx, [row.id]);
  return { ...row, group_ids: groupIds.get(row.id) ?? [], store_ids: storeIds.get(row.id) ?? [] };
}

const staffOf = (ctx: Ctx): SQL => and(ownedBy(ctx, users.sellerId), eq(users.isBoss, false))!;

export async function listStaff(ctx: Ctx, q: StaffQuery): Promise<StaffPage> {
  const pattern = q.keyword ? containsPattern(q.keyword) : null;
  const where = and(
    staffOf(ctx),
    pattern
      ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.mobile, pattern))
      : undefined,
    q.status === 'disabled' ? eq(users.status, DISABLED) : undefined,
    q.status === 'active'
      ? and(eq(users.status, ACTIVE), notInArray(users.id, pendingInvitations(ctx)))
      : undefined,
    q.status === 'invited'
      ? and(eq(users.status, ACTIVE), inArray(users.id, pendingInvitations(ctx)))
      : undefined,
    q.group_id
      ? inArray(
          users.id,
          ctx.db
            .select({ id: userGroups.userId })
            .from(userGroups)
            .where(eq(userGroups.groupId, q.group_id)),
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    list: await toStaff(ctx, rows),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

/** The boss and every staff member, for the filters of the logs. */
export async function relatedUsers(ctx: Ctx): Promise<RelatedUser[]> {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(ownedBy(ctx, users.sellerId))
    .orderBy(desc(users.isBoss), users.id);
  return rows.map((r) => ({ id: r.id, name: r.name, is_boss: r.isBoss, status: statusOf(r) }));
}

/** One staff member of the seller; the boss, another seller's user or a missing one is a 404. */
async function findStaff(ctx: Ctx, id: number): Promise<UserRow> {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), staffOf(ctx)))
    .limit(1);
  if (!row) throw new NotFoundError('team.staff_not_found');
  return row;
}

/** Every id must be a group the seller may use and a store of the seller: else 422 on the field. */
async function checkAssignments(
  ctx: Ctx,
  input: { group_ids?: number[] | undefined; store_ids?: number[] | undefined },
): Promise<void> {
  const missing = async (
    wanted: number[] | undefined,
    found: () => Promise<Array<{ id: number }>>,
  ): Promise<number | undefined> => {
    if (!wanted || wanted.length === 0) return undefined;
    const have = new Set((await found()).map((r) => r.id));
    return wanted.find((id) => !have.has(id));
  };
  const group = await missing(input.group_ids, () =>
    ctx.db
      .select({ id: groups.id })
      .from(groups)
      .where(and(inArray(groups.id, input.group_ids!), usableGroups(ctx))),
  );
  if (group !== undefined) {
    throw new ValidationError({ group_ids: 'team.unknown_group' }, 'team.unknown_group', {
      id: group,
    });
  }
  const store = await missing(input.store_ids, () =>
    ctx.db
      .select({ id: stores.id })
      .from(stores)
      .where(and(inArray(stores.id, input.store_ids!), ownedBy(ctx, stores.sellerId))),
  );
  if (store !== undefined) {
    throw new ValidationError({ store_ids: 'team.store_not_found' }, 'team.store_not_found', {
      id: store,
    });
  }
}

async function assign(
  ctx: Ctx,
  userId: number,
  input: { group_ids?: number[] | undefined; store_ids?: number[] | undefined },
): Promise<void> {
  if (input.group_ids) {
    await ctx.db.delete(userGroups).where(eq(userGroups.userId, userId));
    const ids = [...new Set(input.group_ids)];
    if (ids.length > 0) {
      await ctx.db.insert(userGroups).values(ids.map((groupId) => ({ userId, groupId })));
    }
  }
  if (input.store_ids) {
    await ctx.db.delete(storeStaff).where(eq(storeStaff.userId, userId));
    const ids = [...new Set(input.store_ids)];
    if (ids.length > 0) {
      await ctx.db.insert(storeStaff).values(ids.map((storeId) => ({ userId, storeId })));
    }
  }
  // Permissions are cached per revision: the member's next request sees the new groups.
  if (input.group_ids) await bumpRevision(ctx.db, MENUS_REVISION);
}

async function assertLoginsFree(
  ctx: Ctx,
  input: { email?: string | null | undefined; mobile?: string | null | undefined },
  self?: number,
): Promise<void> {
  if (input.email) {
    const taken = await findUserBy(ctx.db, { email: input.email });
    if (taken && taken.id !== self) throw conflictOn('email');
  }
  if (input.mobile) {
    const taken = await findUserBy(ctx.db, { mobile: input.mobile });
    if (taken && taken.id !== self) throw conflictOn('mobile');
  }
}

/** Two writes racing for one address: the unique index decides, with the same 409. */
async function refusingTakenLogins<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw conflictOn('email');
    if (isUniqueViolation(error, 'users_mobile_unique')) throw conflictOn('mobile');
    throw error;
  }
}

/**
 * With `invite`, the member gets a password nobody knows and a link to set their own: they
 * cannot sign in until they accept (the list shows them "invited").
 */
export async function createStaff(
  ctx: AuthCtx,
  input: CreateStaffInput,
  link: InviteLink,
): Promise<StaffUser> {
  if (input.password) await assertPasswordAllowed(input.password, [input.email, input.mobile]);
  await checkAssignments(ctx, input);
  await assertLoginsFree(ctx, input);
  // Hashing takes ~350 ms: before the transaction, so no connection waits on it.
  const passwordHash = await hashPassword(input.password ?? randomBytes(32).toString('base64url'));
  const row = await refusingTakenLogins(() =>
    withTransaction(ctx, async (tx) => {
      const [created] = await tx.db
        .insert(users)
        .values({
          sellerId: sellerIdOf(ctx),
          name: input.name,
          email: input.email ?? null,
          mobile: input.mobile ?? null,
          passwordHash,
          isBoss: false,
          language: input.language ?? (input.invite ? ctx.lang : null),
        })
        .returning();
      await assign(tx, created!.id, input);
      const after = await audited(tx, created!);
      await recordAudit(tx, { object: 'staff', id: created!.id, before: null, after });
      return created!;
    }),
  );
  // After the commit: should the message fail, the member is listed and the boss re-sends.
  if (input.invite) await sendInvitation(ctx, row, link);
  return (await toStaff(ctx, [row]))[0]!;
}

/** A new code for a member who has not accepted yet; the earlier code stops working. */
export async function resendInvitation(
  ctx: AuthCtx,
  input: IdInput,
  link: InviteLink,
): Promise<StaffUser> {
  const row = await findStaff(ctx, input.id);
  const [open] = await ctx.db
    .select({ id: staffInvitations.userId })
    .from(staffInvitations)
    .where(eq(staffInvitations.userId, row.id));
  if (!open) throw new ConflictError('team.invitation_accepted');
  if (row.status !== ACTIVE) throw new ConflictError('team.invitation_disabled');
  await sendInvitation(ctx, row, link);
  return (await toStaff(ctx, [row]))[0]!;
}

/** A new password ends the member's sessions, as their own password change does. */
export async function updateStaff(ctx: Ctx, input: UpdateStaffInput): Promise<StaffUser> {
  const current = await findStaff(ctx, input.id);
  const email = input.email === undefined ? current.email : input.email;
  const mobile = input.mobile === undefined ? current.mobile : input.mobile;
  if (email === null && mobile === null) {
    throw new ValidationError({ email: 'validation.required' });
  }
  if (input.password) await assertPasswordAllowed(input.password, [email, mobile]);
  await checkAssignments(ctx, input);
  await assertLoginsFree(ctx, { email, mobile }, current.id);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const row = await refusingTakenLogins(() =>
    withTransaction(ctx, async (tx) => {
      const before = await audited(tx, current);
      const [updated] = await tx.db
        .update(users)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          email,
          mobile,
          ...(passwordHash && { passwordHash }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, current.id))
        .returning();
      await assign(tx, current.id, input);
      const after = await audited(tx, updated!);
      await recordAudit(tx, { object: 'staff', id: current.id, before, after });
      if (passwordHash) await revokeSubjectSessions(tx.db, { type: 'user', id: current.id });
      return updated!;
    }),
  );
  return (await toStaff(ctx, [row]))[0]!;
}

/**
 * Disabling ends every session of the member at once: their next request is a 401 (the session
 * lookup also refuses a disabled user, whatever the token).
 */
export async function disableStaff(ctx: Ctx, input: DisableStaffInput): Promise<StaffUser> {
  const current = await findStaff(ctx, input.id);
  const row = await withTransaction(ctx, async (tx) => {
    const [updated] = await tx.db
      .update(users)
      .set({ status: input.disabled ? DISABLED : ACTIVE, updatedAt: new Date() })
      .where(eq(users.id, current.id))
      .returning();
    if (input.disabled) await revokeSubjectSessions(tx.db, { type: 'user', id: current.id });
    await recordAudit(tx, { object: 'staff', id: current.id, before: current, after: updated! });
    return updated!;
  });
  return (await toStaff(ctx, [row]))[0]!;
}

/**
 * Deletes staff members for good: their sessions end, their groups and stores go with them, and
 * what they did stays (orders' history and the login log keep the rows, without the user).
 */
export async function deleteStaff(ctx: Ctx, input: IdsInput): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    for (const id of input.ids) {
      const row = await findStaff(tx, id);
      await revokeSubjectSessions(tx.db, { type: 'user', id: row.id });
      const before = await audited(tx, row);
      await tx.db.delete(users).where(eq(users.id, row.id));
      await recordAudit(tx, { object: 'staff', id: row.id, before, after: null });
    }
    await bumpRevision(tx.db, MENUS_REVISION);
  });
}

export const deleteOneStaff = (ctx: Ctx, input: IdInput) => deleteStaff(ctx, { ids: [input.id] });
