import { count, eq } from 'drizzle-orm';
import type { CategoryTree, SysCategoryInput, SysCategoryUpdate } from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { categories, finishedProducts, parentProducts } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { categoryTree, loadCategories, withDescendants } from '../goods-library/index.ts';

type CategoryRow = typeof categories.$inferSelect;

const audited = (c: CategoryRow) => ({
  parent_id: c.parentId,
  name: c.name,
  name_en: c.nameEn,
  order_num: c.orderNum,
});

const valuesOf = (input: SysCategoryInput) => ({
  parentId: input.parent_id,
  name: input.name,
  nameEn: input.name_en,
  orderNum: input.order_num,
});

async function findCategory(db: Executor, id: number): Promise<CategoryRow> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw new NotFoundError('sys_catalog.category_not_found');
  return row;
}

/** A parent must exist (422 on `parent_id`) and, on a move, not be the category or below it. */
async function checkParent(db: Executor, parentId: number | null, selfId?: number) {
  if (parentId === null) return;
  const rows = await loadCategories(db);
  if (!rows.some((r) => r.id === parentId)) {
    throw new ValidationError({ parent_id: 'sys_catalog.category_not_found' });
  }
  if (selfId !== undefined && withDescendants(rows, selfId).includes(parentId)) {
    throw new ValidationError({ parent_id: 'sys_catalog.category_parent_loop' });
  }
}

/** Adds a category to the tree; answers the whole tree, as the console redraws it. */
export async function addCategory(ctx: Ctx, input: SysCategoryInput): Promise<CategoryTree> {
  await withTransaction(ctx, async (tx) => {
    await checkParent(tx.db, input.parent_id);
    const [row] = await tx.db.insert(categories).values(valuesOf(input)).returning();
    await recordAudit(tx, { object: 'category', id: row!.id, before: null, after: audited(row!) });
  });
  return categoryTree(ctx);
}

/** Renames, moves or reorders a category. */
export async function updateCategory(ctx: Ctx, input: SysCategoryUpdate): Promise<CategoryTree> {
  await withTransaction(ctx, async (tx) => {
    const before = await findCategory(tx.db, input.id);
    await checkParent(tx.db, input.parent_id, input.id);
    const [row] = await tx.db
      .update(categories)
      .set(valuesOf(input))
      .where(eq(categories.id, input.id))
      .returning();
    await recordAudit(tx, {
      object: 'category',
      id: input.id,
      before: audited(before),
      after: audited(row!),
    });
  });
  return categoryTree(ctx);
}

/**
 * Deletes a category nothing depends on: subcategories or products (parent or finished, the
 * latter carry the parent's category) filed under it refuse it with 409 and the counts.
 */
export async function deleteCategory(ctx: Ctx, input: { id: number }): Promise<CategoryTree> {
  await withTransaction(ctx, async (tx) => {
    const before = await findCategory(tx.db, input.id);
    const [[children], [products], [finished]] = await Promise.all([
      tx.db.select({ n: count() }).from(categories).where(eq(categories.parentId, input.id)),
      tx.db
        .select({ n: count() })
        .from(parentProducts)
        .where(eq(parentProducts.categoryId, input.id)),
      tx.db
        .select({ n: count() })
        .from(finishedProducts)
        .where(eq(finishedProducts.categoryId, input.id)),
    ]);
    if (children!.n > 0) throw new ConflictError('sys_catalog.category_has_children');
    if (products!.n > 0 || finished!.n > 0) {
      throw new ConflictError('sys_catalog.category_in_use', {
        products: products!.n,
        finished: finished!.n,
      });
    }
    await tx.db.delete(categories).where(eq(categories.id, input.id));
    await recordAudit(tx, {
      object: 'category',
      id: input.id,
      before: audited(before),
      after: null,
    });
  });
  return categoryTree(ctx);
}
