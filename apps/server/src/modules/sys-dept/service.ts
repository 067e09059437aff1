import { asc, count, eq, ilike, inArray, isNotNull, sql } from 'drizzle-orm';
import type {
  AddDepartmentInput,
  DeleteIdsInput,
  DeletedCount,
  Department,
  DepartmentPage,
  DepartmentPageQuery,
  IdInput,
  OrderDepartmentsInput,
  UpdateDepartmentInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { adminUsers, sysDepartments } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { unixSeconds } from '../../time.ts';
import { recordAudit } from '../audit/index.ts';
import { containsPattern } from '../goods-library/service.ts';

type Row = typeof sysDepartments.$inferSelect;

const treeOrder = [
  sql`${sysDepartments.parentId} asc nulls first`,
  asc(sysDepartments.orderNum),
  asc(sysDepartments.id),
];

async function userCounts(ctx: Ctx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: adminUsers.departmentId, n: count() })
    .from(adminUsers)
    .where(inArray(adminUsers.departmentId, ids))
    .groupBy(adminUsers.departmentId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

const toDepartment = (row: Row, users: number): Department => ({
  id: row.id,
  parentId: row.parentId,
  name: row.name,
  orderNum: row.orderNum,
  userCount: users,
  createTime: unixSeconds(row.createdAt),
  updateTime: unixSeconds(row.updatedAt),
});

async function withCounts(ctx: Ctx, rows: Row[]): Promise<Department[]> {
  const counts = await userCounts(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toDepartment(r, counts.get(r.id) ?? 0));
}

/** Every department in tree order (parents first, then by `orderNum`): the web builds the tree. */
export async function listDepartments(ctx: Ctx): Promise<Department[]> {
  return withCounts(
    ctx,
    await ctx.db
      .select()
      .from(sysDepartments)
      .orderBy(...treeOrder),
  );
}

export async function pageDepartments(ctx: Ctx, q: DepartmentPageQuery): Promise<DepartmentPage> {
  const where = q.keyword ? ilike(sysDepartments.name, containsPattern(q.keyword)) : undefined;
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(sysDepartments)
      .where(where)
      .orderBy(...treeOrder)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(sysDepartments).where(where),
  ]);
  return {
    list: await withCounts(ctx, rows),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

async function findDepartment(ctx: Ctx, id: number): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(sysDepartments)
    .where(eq(sysDepartments.id, id))
    .limit(1);
  if (!row) throw new NotFoundError('console.department_not_found');
  return row;
}

/** A department that must exist, for a parent or an operator's department (422 on `field`). */
export async function checkDepartment(ctx: Ctx, id: number | null, field: string): Promise<void> {
  if (id === null) return;
  const [row] = await ctx.db
    .select({ id: sysDepartments.id })
    .from(sysDepartments)
    .where(eq(sysDepartments.id, id))
    .limit(1);
  if (!row) throw new ValidationError({ [field]: 'console.department_not_found' });
}

export async function getDepartment(ctx: Ctx, input: IdInput): Promise<Department> {
  const [dept] = await withCounts(ctx, [await findDepartment(ctx, input.id)]);
  return dept!;
}

export async function addDepartment(ctx: Ctx, input: AddDepartmentInput): Promise<Department> {
  return withTransaction(ctx, async (tx) => {
    await checkDepartment(tx, input.parentId, 'parentId');
    const [row] = await tx.db.insert(sysDepartments).values(input).returning();
    await recordAudit(tx, { object: 'sys_dept', id: row!.id, before: null, after: row! });
    return toDepartment(row!, 0);
  });
}

/** Parent links after `moves` applied; refuses (422 on `field`) a department under itself. */
async function checkNoCycle(
  ctx: Ctx,
  moves: ReadonlyMap<number, number | null>,
  field: string,
): Promise<void> {
  const rows = await ctx.db
    .select({ id: sysDepartments.id, parentId: sysDepartments.parentId })
    .from(sysDepartments);
  const parents = new Map(rows.map((r) => [r.id, moves.has(r.id) ? moves.get(r.id)! : r.parentId]));
  for (const start of moves.keys()) {
    const seen = new Set<number>();
    for (let cur = parents.get(start) ?? null; cur !== null; cur = parents.get(cur) ?? null) {
      if (cur === start || seen.has(cur)) {
        throw new ValidationError({ [field]: 'console.department_under_itself' });
      }
      seen.add(cur);
    }
  }
}

export async function updateDepartment(
  ctx: Ctx,
  input: UpdateDepartmentInput,
): Promise<Department> {
  return withTransaction(ctx, async (tx) => {
    const before = await findDepartment(tx, input.id);
    await checkDepartment(tx, input.parentId, 'parentId');
    await checkNoCycle(tx, new Map([[input.id, input.parentId]]), 'parentId');
    const { id, ...fields } = input;
    const [row] = await tx.db
      .update(sysDepartments)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(sysDepartments.id, id))
      .returning();
    await recordAudit(tx, { object: 'sys_dept', id, before, after: row! });
    return (await withCounts(tx, [row!]))[0]!;
  });
}

/** The tree after a drag: each item's parent and place; unknown ids fail the whole call (404). */
export async function orderDepartments(
  ctx: Ctx,
  input: OrderDepartmentsInput,
): Promise<Department[]> {
  return withTransaction(ctx, async (tx) => {
    const ids = input.items.map((i) => i.id);
    const rows = await tx.db.select().from(sysDepartments).where(inArray(sysDepartments.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (ids.some((id) => !byId.has(id))) throw new NotFoundError('console.department_not_found');
    for (const item of input.items) await checkDepartment(tx, item.parentId, 'items');
    await checkNoCycle(tx, new Map(input.items.map((i) => [i.id, i.parentId])), 'items');
    for (const item of input.items) {
      const before = byId.get(item.id)!;
      const [row] = await tx.db
        .update(sysDepartments)
        .set({ parentId: item.parentId, orderNum: item.orderNum, updatedAt: new Date() })
        .where(eq(sysDepartments.id, item.id))
        .returning();
      await recordAudit(tx, { object: 'sys_dept', id: item.id, before, after: row! });
    }
    return listDepartments(tx);
  });
}

/**
 * Deletes departments that hold nothing: one with departments below it (not deleted with it) or
 * with operators is refused with 409, so nobody is left without a department by accident.
 */
export async function deleteDepartments(ctx: Ctx, input: DeleteIdsInput): Promise<DeletedCount> {
  return withTransaction(ctx, async (tx) => {
    const rows = await tx.db
      .select()
      .from(sysDepartments)
      .where(inArray(sysDepartments.id, input.ids));
    if (rows.length !== new Set(input.ids).size)
      throw new NotFoundError('console.department_not_found');
    const doomed = new Set(input.ids);
    const children = await tx.db
      .select({ id: sysDepartments.id, parentId: sysDepartments.parentId })
      .from(sysDepartments)
      .where(isNotNull(sysDepartments.parentId));
    const child = children.find((c) => doomed.has(c.parentId!) && !doomed.has(c.id));
    if (child) throw new ConflictError('console.department_has_children');
    const counts = await userCounts(tx, [...doomed]);
    const users = [...counts.values()].reduce((a, b) => a + b, 0);
    if (users > 0) throw new ConflictError('console.department_has_users', { count: users });
    await tx.db.delete(sysDepartments).where(inArray(sysDepartments.id, [...doomed]));
    for (const row of rows) {
      await recordAudit(tx, { object: 'sys_dept', id: row.id, before: row, after: null });
    }
    return { deleted: rows.length };
  });
}
