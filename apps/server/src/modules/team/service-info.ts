import { and, count, eq } from 'drizzle-orm';
import type { ServiceInfo } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { memberLevels, sellers, stores, users } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { storageSpace } from '../uploads/index.ts';

/**
 * The account's plan and what it uses. Member levels set no store or staff limit (only a
 * purchase discount), so those answer `allowed: null`; storage has its quota.
 */
export async function serviceInfo(ctx: Ctx): Promise<ServiceInfo> {
  const [[row], [storeCount], [staffCount], storage] = await Promise.all([
    ctx.db
      .select({ seller: sellers, level: memberLevels })
      .from(sellers)
      .leftJoin(memberLevels, eq(memberLevels.id, sellers.levelId))
      .where(eq(sellers.id, sellerIdOf(ctx)))
      .limit(1),
    ctx.db.select({ n: count() }).from(stores).where(ownedBy(ctx, stores.sellerId)),
    ctx.db
      .select({ n: count() })
      .from(users)
      .where(and(ownedBy(ctx, users.sellerId), eq(users.isBoss, false))),
    storageSpace(ctx),
  ]);
  if (!row) throw new NotFoundError('common.not_found');
  return {
    level_name: row.level?.name ?? '',
    level_name_en: row.level?.nameEn ?? '',
    level_expires_at: row.seller.levelExpiresAt ? unixSeconds(row.seller.levelExpiresAt) : null,
    discount_percent: row.level?.discountPercent ?? 0,
    stores: { used: storeCount?.n ?? 0, allowed: null },
    staff: { used: staffCount?.n ?? 0, allowed: null },
    storage_bytes: { used: storage.usedBytes, allowed: storage.quotaBytes },
  };
}
