import { asc } from 'drizzle-orm';
import type { Factory } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { factories } from '../../db/schema.ts';

export async function listFactories(ctx: Ctx): Promise<Factory[]> {
  const rows = await ctx.db.select().from(factories).orderBy(asc(factories.id));
  return rows.map((f) => ({
    id: f.id,
    code: f.code,
    name: f.name,
    name_en: f.nameEn,
    is_default: f.isDefault,
  }));
}
