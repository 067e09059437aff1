import { eq } from 'drizzle-orm';
import type { BatchResult, CheckUsedResult, IdInput, IdsInput } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { finishedProducts } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { recordAudit } from '../audit/index.ts';
import { ConflictError } from '../../errors.ts';
import { isUsed, usageOf } from './usage.ts';
import { eachItem, findOwnAll, findProduct } from './rows.ts';

async function deleteOne(ctx: Ctx, id: number): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const product = await findProduct(tx, id, 'own');
    const usage = (await usageOf(tx.db, [product.id])).get(product.id)!;
    if (isUsed(usage)) {
      throw new ConflictError(
        'goods.in_use',
        { id: product.id, ...usage },
        { id: product.id, ...usage },
      );
    }
    await tx.db.delete(finishedProducts).where(eq(finishedProducts.id, product.id));
    await recordAudit(tx, { object: 'goods', id: product.id, before: product, after: null });
  });
}

export async function deleteProduct(ctx: Ctx, input: IdInput): Promise<null> {
  await deleteOne(ctx, input.id);
  return null;
}

export async function batchDelete(ctx: Ctx, input: IdsInput): Promise<BatchResult> {
  return eachItem(ctx.lang, input.ids, async (id) => {
    await deleteOne(ctx, id);
    return null;
  });
}

export async function checkUsed(ctx: Ctx, ids: number[]): Promise<CheckUsedResult> {
  const products = await findOwnAll(ctx, ids);
  const usage = await usageOf(
    ctx.db,
    products.map((p) => p.id),
  );
  return products.map((p) => {
    const u = usage.get(p.id)!;
    return { id: p.id, used: isUsed(u), ...u };
  });
}
