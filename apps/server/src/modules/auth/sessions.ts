import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { TOKEN_TTL_SECONDS } from '@app/shared';
import type { Actor } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { MENUS_REVISION } from '../../db/revisions.ts';
import { adminUsers, revisions, sellers, sessions, users } from '../../db/schema.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** A fresh 256-bit token per login (ASVS 7.2.3, 7.2.4); only its hash is stored. */
export async function issueToken(
  db: Executor,
  subject: { type: 'user' | 'admin'; id: number },
  ip: string | null,
): Promise<IssuedToken> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS * 1000);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    subjectType: subject.type,
    subjectId: subject.id,
    expiresAt,
    ip,
  });
  return { token, expiresAt };
}

export async function revokeToken(db: Executor, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

const resolveStatement = (db: Executor) =>
  db
    .select({
      sessionId: sessions.id,
      subjectType: sessions.subjectType,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      sellerId: users.sellerId,
      isBoss: users.isBoss,
      userStatus: users.status,
      userLanguage: users.language,
      sellerFrozenAt: sellers.accountFrozenAt,
      adminId: adminUsers.id,
      adminStatus: adminUsers.status,
      // The permission version rides along, so a request's perm check and get-menu's cache need
      // no second round trip.
      permVersion: sql<number>`coalesce((select ${revisions.value} from ${revisions} where ${revisions.name} = ${MENUS_REVISION}), 0)`,
    })
    .from(sessions)
    .leftJoin(users, and(eq(sessions.subjectType, 'user'), eq(users.id, sessions.subjectId)))
    .leftJoin(sellers, eq(sellers.id, users.sellerId))
    .leftJoin(
      adminUsers,
      and(eq(sessions.subjectType, 'admin'), eq(adminUsers.id, sessions.subjectId)),
    )
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('resolve_token');

export interface Session {
  actor: Actor;
  /** The menus revision (`MENUS_REVISION`) read in the same query; undefined when anonymous. */
  permVersion?: number;
  /** Why a live token is refused (its seller frozen by an operator); the 401 says so. */
  refusal?: 'auth.seller_frozen';
}

/**
 * Resolves a bearer token to the acting user or operator and the permission version in one
 * query (one database round trip per authenticated request); anything else is anonymous.
 */
export async function resolveSession(db: Executor, token: string): Promise<Session> {
  const [row] = await preparedFor(db, 'resolve_token', resolveStatement).execute({
    tokenHash: hashToken(token),
    now: new Date(),
  });
  if (!row) return { actor: { kind: 'anonymous' } };
  const session = { sessionId: row.sessionId, token, expiresAt: row.expiresAt };
  const permVersion = Number(row.permVersion);
  if (row.subjectType === 'user' && row.sellerFrozenAt !== null) {
    return { actor: { kind: 'anonymous' }, refusal: 'auth.seller_frozen' };
  }
  if (row.subjectType === 'user' && row.userId !== null && row.userStatus === 1) {
    return {
      actor: {
        kind: 'user',
        userId: row.userId,
        sellerId: row.sellerId!,
        isBoss: row.isBoss!,
        language: row.userLanguage,
        ...session,
      },
      permVersion,
    };
  }
  if (row.subjectType === 'admin' && row.adminId !== null && row.adminStatus === 1) {
    return { actor: { kind: 'admin', adminId: row.adminId, ...session }, permVersion };
  }
  return { actor: { kind: 'anonymous' } };
}

export async function resolveToken(db: Executor, token: string): Promise<Actor> {
  return (await resolveSession(db, token)).actor;
}

/** Ends every session of a user or operator, optionally keeping the one making the request (ASVS 7.4.3). */
export async function revokeSubjectSessions(
  db: Executor,
  subject: { type: 'user' | 'admin'; id: number },
  keepSessionId?: number,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.subjectType, subject.type),
        eq(sessions.subjectId, subject.id),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
}

/**
 * Swaps a live token for a fresh one. The old token is revoked by a conditional update, so
 * two concurrent swaps of the same token cannot both succeed.
 */
export async function rotateToken(
  db: Executor,
  token: string,
  ip: string | null,
): Promise<IssuedToken | null> {
  const [old] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .returning({ subjectType: sessions.subjectType, subjectId: sessions.subjectId });
  if (!old) return null;
  return issueToken(db, { type: old.subjectType, id: old.subjectId }, ip);
}
