import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { TOKEN_TTL_SECONDS } from '@app/shared';
import type { Actor } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { adminUsers, sessions, users } from '../../db/schema.ts';

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

/** Resolves a bearer token to the acting user or operator; anything else is anonymous. */
export async function resolveToken(db: Executor, token: string): Promise<Actor> {
  const now = new Date();
  const [session] = await db
    .select({ id: sessions.id, subjectType: sessions.subjectType, subjectId: sessions.subjectId })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  if (!session) return { kind: 'anonymous' };
  if (session.subjectType === 'user') {
    const [user] = await db
      .select({
        id: users.id,
        sellerId: users.sellerId,
        isBoss: users.isBoss,
        status: users.status,
      })
      .from(users)
      .where(eq(users.id, session.subjectId))
      .limit(1);
    if (!user || user.status !== 1) return { kind: 'anonymous' };
    return {
      kind: 'user',
      userId: user.id,
      sellerId: user.sellerId,
      isBoss: user.isBoss,
      sessionId: session.id,
      token,
    };
  }
  const [admin] = await db
    .select({ id: adminUsers.id, status: adminUsers.status })
    .from(adminUsers)
    .where(eq(adminUsers.id, session.subjectId))
    .limit(1);
  if (!admin || admin.status !== 1) return { kind: 'anonymous' };
  return { kind: 'admin', adminId: admin.id, sessionId: session.id, token };
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

export async function sessionExpiry(db: Executor, sessionId: number): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.expiresAt ?? null;
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
