import { and, eq, ne } from 'drizzle-orm';
import type { Factory, SysFactoryInput, SysFactoryUpdate } from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { factories } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { recordAudit } from '../audit/index.ts';

type FactoryRow = typeof factories.$inferSelect;

const toFactory = (f: FactoryRow): Factory => ({
  id: f.id,
  code: f.code,
  name: f.name,
  name_en: f.nameEn,
  is_default: f.isDefault,
});

const audited = (f: FactoryRow) => ({ code: f.code, name: f.name, name_en: f.nameEn });

/**
 * Codes are unique: a taken one is a 409 on `code` (a race past this check meets the unique
 * index, which answers 409 too).
 */
async function checkCode(db: Executor, code: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: factories.id })
    .from(factories)
    .where(and(eq(factories.code, code), exceptId ? ne(factories.id, exceptId) : undefined));
  if (taken) {
    throw new ConflictError(
      'sys_catalog.factory_code_taken',
      {},
      { id: taken.id },
      {
        code: 'sys_catalog.factory_code_taken',
      },
    );
  }
}

/** A factory or warehouse purchase orders can be produced at. */
export async function addFactory(ctx: Ctx, input: SysFactoryInput): Promise<Factory> {
  return withTransaction(ctx, async (tx) => {
    await checkCode(tx.db, input.code);
    const [row] = await tx.db
      .insert(factories)
      .values({ code: input.code, name: input.name, nameEn: input.name_en })
      .returning();
    await recordAudit(tx, { object: 'factory', id: row!.id, before: null, after: audited(row!) });
    return toFactory(row!);
  });
}

export async function updateFactory(ctx: Ctx, input: SysFactoryUpdate): Promise<Factory> {
  return withTransaction(ctx, async (tx) => {
    const [before] = await tx.db.select().from(factories).where(eq(factories.id, input.id));
    if (!before) throw new NotFoundError('sys_catalog.factory_not_found');
    await checkCode(tx.db, input.code, input.id);
    const [row] = await tx.db
      .update(factories)
      .set({ code: input.code, name: input.name, nameEn: input.name_en })
      .where(eq(factories.id, input.id))
      .returning();
    await recordAudit(tx, {
      object: 'factory',
      id: input.id,
      before: audited(before),
      after: audited(row!),
    });
    return toFactory(row!);
  });
}
