import type { Ctx } from '../../context.ts';
import { sellers, users } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { lowestLevelId } from './users.ts';

export interface NewTenant {
  sellerName: string;
  boss: {
    name: string;
    email?: string | null;
    mobile?: string | null;
    /** Hashed before the caller's transaction, so no connection waits on scrypt. */
    passwordHash: string;
    payPasswordHash?: string | null;
    externalBinding?: string | null;
    /** The e-mail was proven (sign-up by e-mail checks a code sent to it). */
    emailVerified?: boolean;
  };
}

/**
 * A tenant: the seller at the lowest member level and its boss user, together. Sign-up makes
 * one for the person signing up, the demo seed one for the demo seller (with the system ctx).
 */
export async function createTenant(
  ctx: Ctx,
  input: NewTenant,
): Promise<{ sellerId: number; userId: number }> {
  return withTransaction(ctx, async (tx) => {
    const levelId = await lowestLevelId(tx.db);
    const [seller] = await tx.db
      .insert(sellers)
      .values({ name: input.sellerName, levelId })
      .returning({ id: sellers.id });
    if (!seller) throw new Error('seller insert returned nothing');
    const { boss } = input;
    const [user] = await tx.db
      .insert(users)
      .values({
        sellerId: seller.id,
        name: boss.name,
        email: boss.email ?? null,
        mobile: boss.mobile ?? null,
        passwordHash: boss.passwordHash,
        payPasswordHash: boss.payPasswordHash ?? null,
        isBoss: true,
        externalBinding: boss.externalBinding ?? null,
        emailVerifiedAt: boss.email && boss.emailVerified ? new Date() : null,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned nothing');
    return { sellerId: seller.id, userId: user.id };
  });
}
