import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import {
  BOSS_ONLY_PERM_PREFIX,
  BUILT_IN_GROUPS,
  type BuiltInGroup,
  type CreateGroupInput,
  type Group,
  type GroupPage,
  type GroupQuery,
  type IdInput,
  type PermissionTree,
  type UpdateGroupInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { bumpRevision, MENUS_REVISION } from '../../db/revisions.ts';
import { groups, userGroups, users } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { containsPattern } from '../goods-library/service.ts';
import { recordAudit } from '../audit/index.ts';
import { permissionTree as sellerPermissionTree, scopeTree } from '../menus/index.ts';

type GroupRow = typeof groups.$inferSelect;

/** The groups a seller may use: its own and the built-in ones. */
export const usableGroups = (ctx: Ctx): SQL =>
  or(ownedBy(ctx, groups.sellerId), eq(groups.builtIn, true))!;

const builtInKey = (key: string | null): BuiltInGroup | null =>
  (BUILT_IN_GROUPS as readonly string[]).includes(key ?? '') ? (key as BuiltInGroup) : null;

async function userCounts(ctx: Ctx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ groupId: userGroups.groupId, n: count() })
    .from(userGroups)
    .innerJoin(users, eq(users.id, userGroups.userId))
    .where(and(inArray(userGroups.groupId, ids), ownedBy(ctx, users.sellerId)))
    .groupBy(userGroups.groupId);
  return new Map(rows.map((r) => [r.groupId, r.n]));
}

function toGroup(row: GroupRow, users: number): Group {
  return {
    id: row.id,
    name: row.name,
    key: builtInKey(row.key),
    built_in: row.builtIn,
    permissions: row.permissions,
    user_count: users,
    created_at: unixSeconds(row.createdAt),
    updated_at: unixSeconds(row.updatedAt),
  };
}

/** Built-in groups first, then the seller's newest first. */
export async function listGroups(ctx: Ctx, q: GroupQuery): Promise<GroupPage> {
  const where = and(
    usableGroups(ctx),
    q.keyword ? ilike(groups.name, containsPattern(q.keyword)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(groups)
      .where(where)
      .orderBy(desc(groups.builtIn), desc(groups.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(groups).where(where),
  ]);
  const counts = await userCounts(
    ctx,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => toGroup(r, counts.get(r.id) ?? 0)),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

/** The seller tree's pages that carry permissions; the boss's own pages are no group's. */
export const permissionTree = (ctx: Ctx): Promise<PermissionTree> =>
  sellerPermissionTree(ctx, 'seller', (perm) => !perm.startsWith(BOSS_ONLY_PERM_PREFIX));

/** Only permissions of the seller tree may be granted; an unknown one is a 422 on `permissions`. */
async function checkPermissions(ctx: Ctx, permissions: string[]): Promise<string[]> {
  const known = new Set(
    (await scopeTree(ctx, 'seller')).result.perms.filter(
      (p) => !p.startsWith(BOSS_ONLY_PERM_PREFIX),
    ),
  );
  const unknown = permissions.find((p) => !known.has(p));
  if (unknown !== undefined) {
    throw new ValidationError(
      { permissions: 'team.unknown_permission' },
      'team.unknown_permission',
      {
        perm: unknown,
      },
    );
  }
  return [...new Set(permissions)].sort();
}

/** A group the seller may use; a built-in one is read-only (409), another seller's is a 404. */
async function findEditableGroup(ctx: Ctx, id: number): Promise<GroupRow> {
  const [row] = await ctx.db
    .select()
    .from(groups)
    .where(and(eq(groups.id, id), usableGroups(ctx)))
    .limit(1);
  if (!row) throw new NotFoundError('team.group_not_found');
  if (row.builtIn) throw new ConflictError('team.group_built_in');
  return row;
}

export async function createGroup(ctx: Ctx, input: CreateGroupInput): Promise<Group> {
  const permissions = await checkPermissions(ctx, input.permissions);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(groups)
      .values({ sellerId: sellerIdOf(ctx), name: input.name, permissions })
      .returning();
    await recordAudit(tx, { object: 'group', id: row!.id, before: null, after: row! });
    return toGroup(row!, 0);
  });
}

/** A changed permission list reaches its members' next request: the permissions revision moves. */
export async function updateGroup(ctx: Ctx, input: UpdateGroupInput): Promise<Group> {
  const permissions = input.permissions && (await checkPermissions(ctx, input.permissions));
  return withTransaction(ctx, async (tx) => {
    const row = await findEditableGroup(tx, input.id);
    const [updated] = await tx.db
      .update(groups)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(permissions && { permissions }),
        updatedAt: new Date(),
      })
      .where(eq(groups.id, row.id))
      .returning();
    if (permissions) await bumpRevision(tx.db, MENUS_REVISION);
    await recordAudit(tx, { object: 'group', id: row.id, before: row, after: updated! });
    const counts = await userCounts(tx, [row.id]);
    return toGroup(updated!, counts.get(row.id) ?? 0);
  });
}

/**
 * Refused (409 with the number of members) while staff are in the group, rather than quietly
 * leaving them with fewer permissions than the boss gave them.
 */
export async function deleteGroup(ctx: Ctx, input: IdInput): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const row = await findEditableGroup(tx, input.id);
    const [members] = await tx.db
      .select({ n: count() })
      .from(userGroups)
      .where(eq(userGroups.groupId, row.id));
    if ((members?.n ?? 0) > 0) throw new ConflictError('team.group_in_use', { count: members!.n });
    await tx.db.delete(groups).where(eq(groups.id, row.id));
    await recordAudit(tx, { object: 'group', id: row.id, before: row, after: null });
  });
}
