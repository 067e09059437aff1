import { asc, eq, sql } from 'drizzle-orm';
import { uniqueViolationOf } from '../../db/unique.ts';
import type { UserInfo } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { memberLevels, sellers, users } from '../../db/schema.ts';
import { ConflictError, UnauthorizedError } from '../../errors.ts';
import { effectiveLevel } from '../finance/service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { IssuedToken } from './sessions.ts';
import { unixSeconds } from '../../time.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserBy(
  db: Executor,
  by: { email: string } | { mobile: string } | { id: number },
): Promise<UserRow | null> {
  const where =
    'email' in by
      ? eq(users.email, by.email)
      : 'mobile' in by
        ? eq(users.mobile, by.mobile)
        : eq(users.id, by.id);
  const [row] = await db.select().from(users).where(where).limit(1);
  return row ?? null;
}

/** New sellers start at the lowest member level (smallest order_num). */
export async function lowestLevelId(db: Executor): Promise<number | null> {
  const [level] = await db
    .select({ id: memberLevels.id })
    .from(memberLevels)
    .orderBy(asc(memberLevels.orderNum), asc(memberLevels.id))
    .limit(1);
  return level?.id ?? null;
}

const userInfoStatement = (db: Executor) =>
  db
    .select({
      user: users,
      levelName: memberLevels.name,
      levelNameEn: memberLevels.nameEn,
      levelExpiresAt: sellers.levelExpiresAt,
    })
    .from(users)
    .innerJoin(sellers, eq(sellers.id, users.sellerId))
    .leftJoin(memberLevels, eq(memberLevels.id, sellers.levelId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_info');

/** The login answer: the user's profile plus the token just issued (or the one in use). */
export async function loadUserInfo(
  db: Executor,
  userId: number,
  session: IssuedToken,
): Promise<UserInfo> {
  const [row] = await preparedFor(db, 'user_info', userInfoStatement).execute({ userId });
  if (!row) throw new UnauthorizedError();
  const { user } = row;
  // The stored level is the one in force until it expires; only then is the level looked up again.
  const expired = row.levelExpiresAt !== null && row.levelExpiresAt.getTime() <= Date.now();
  const level = expired
    ? (await effectiveLevel(db, user.sellerId)).level
    : { name: row.levelName ?? '', nameEn: row.levelNameEn ?? '' };
  return {
    id: user.id,
    api_token: session.token,
    expires_at: unixSeconds(session.expiresAt),
    created_at: unixSeconds(user.createdAt),
    updated_at: unixSeconds(user.updatedAt),
    level_name: level?.name ?? '',
    level_name_en: level?.nameEn ?? '',
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    is_boss: user.isBoss,
    seller_id: user.sellerId,
    language: user.language,
    email_verified: user.email !== null && user.emailVerifiedAt !== null,
  };
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against the account's hash; without an account it still spends one hash
 * on a throwaway value, so the answer time does not reveal which e-mails are registered.
 */
export async function passwordMatches(
  user: { passwordHash: string } | null,
  password: string,
): Promise<boolean> {
  if (user) return verifyPassword(password, user.passwordHash);
  dummyHash ??= hashPassword('no-such-account-placeholder');
  await verifyPassword(password, await dummyHash);
  return false;
}

/** Postgres unique violation (23505) on `constraint`, as raised by pg or PGlite and wrapped by Drizzle. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return uniqueViolationOf(error)?.constraint === constraint;
}

/** 409 whose message and `data.fields` name the address that is already taken. */
export function conflictOn(field: 'email' | 'mobile'): ConflictError {
  const key = field === 'email' ? 'auth.email_taken' : 'auth.mobile_taken';
  return new ConflictError(key, {}, null, { [field]: key });
}
