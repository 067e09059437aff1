import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type {
  AuditHistoryQuery,
  AuditObject,
  AuditPage,
  AuditQuery,
  SysAuditObject,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { auditLogs, users } from '../../db/schema.ts';
import { actingSellerId, ownedBy } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';

/** How long the audit log keeps a change; the hourly purge job deletes older rows. */
export const AUDIT_RETENTION_DAYS = 180;

/** Fields never written to the log, whatever the object: hashes, tokens, credentials. */
const SECRET = /password|hash|token|secret|credential|api_?key/i;

type Fields = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Times as Unix seconds, as the API speaks them. */
const plain = (value: unknown) => (value instanceof Date ? unixSeconds(value) : (value ?? null));

/** The fields whose value differs between `before` and `after`, secrets left out. */
export function changedFields(
  before: Fields | null,
  after: Fields | null,
): Record<string, { before: unknown; after: unknown }> {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of keys) {
    if (SECRET.test(key) || key === 'updatedAt' || key === 'updated_at') continue;
    const was = plain(before?.[key]);
    const now = plain(after?.[key]);
    if (!same(was, now)) changes[key] = { before: was, after: now };
  }
  return changes;
}

export interface AuditRecord {
  object: AuditObject | SysAuditObject;
  id: number | string;
  /** The row before the write; null for a creation. */
  before: Fields | null;
  /** The row after the write; null for a deletion. */
  after: Fields | null;
}

/**
 * Records one write of a service, in the caller's transaction: who (the ctx's user or operator),
 * when, which object, and the changed fields before and after. A write that changed nothing
 * records nothing; the server's platform-wide work (no seller) is not a seller's history. An
 * operator's write is recorded with its `admin_id` and no seller, so it stays out of every
 * seller's own log (a seller it concerns is the object).
 */
export async function recordAudit(ctx: Ctx, record: AuditRecord): Promise<void> {
  const sellerId = actingSellerId(ctx);
  // An operator's console writes are the platform's own history, kept under the operator.
  const adminId = ctx.actor.kind === 'admin' ? ctx.actor.adminId : null;
  if (sellerId === null && adminId === null) return;
  const changes = changedFields(record.before, record.after);
  const action = record.before === null ? 'create' : record.after === null ? 'delete' : 'update';
  if (action === 'update' && Object.keys(changes).length === 0) return;
  await ctx.db.insert(auditLogs).values({
    sellerId,
    adminId,
    userId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
    objectType: record.object,
    objectId: String(record.id),
    action,
    changes,
  });
}

async function pageOf(ctx: Ctx, q: AuditQuery): Promise<AuditPage> {
  const where = and(
    ownedBy(ctx, auditLogs.sellerId),
    q.object ? eq(auditLogs.objectType, q.object) : undefined,
    q.object_id ? eq(auditLogs.objectId, q.object_id) : undefined,
    q.user_id ? eq(auditLogs.userId, q.user_id) : undefined,
    q.start !== undefined ? gte(auditLogs.at, new Date(q.start * 1000)) : undefined,
    q.end !== undefined ? lte(auditLogs.at, new Date(q.end * 1000)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ log: auditLogs, userName: users.name })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .where(where)
      .orderBy(desc(auditLogs.at), desc(auditLogs.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(auditLogs).where(where),
  ]);
  return {
    list: rows.map(({ log, userName }) => ({
      id: log.id,
      user_id: log.userId,
      user_name: userName,
      at: unixSeconds(log.at),
      object: log.objectType,
      object_id: log.objectId,
      action: log.action,
      changes: log.changes,
    })),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

/** The boss's search over every recorded change of the seller. */
export const searchAudit = (ctx: Ctx, q: AuditQuery) => pageOf(ctx, q);

/** One object's history, newest first. */
export const auditHistory = (ctx: Ctx, q: AuditHistoryQuery) =>
  pageOf(ctx, { page: q.page, size: q.size, object: q.object, object_id: q.id });
