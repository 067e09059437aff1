import { type MessageKey, type MessageParams } from '../../i18n/messages.ts';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { AppError, ConflictError, ValidationError, type FieldMessages } from '../../errors.ts';
import { ofSeller, sellerIdOf } from '../../tenancy.ts';

/** The header schema of every paying route, for the OpenAPI document. */
export const idempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .describe('Replays the first answer for the same key (8–100 of A-Z a-z 0-9 _ . : -)'),
});

/** Body fields that never reach the request hash (nor anything stored). */
const SECRET_FIELDS = new Set(['pay_password']);

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_FIELDS.has(key))
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function keyOf(request: FastifyRequest): string {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ValidationError(
      { [IDEMPOTENCY_HEADER]: 'finance.idempotency_key_format' },
      'finance.idempotency_key_required',
    );
  }
  return key;
}

/** A refusal as replayed: its key and parameters, so the replay speaks the retry's language. */
interface StoredError {
  key: MessageKey;
  params: MessageParams;
  data: Record<string, unknown> | null;
  fields: FieldMessages | null;
}

/**
 * Runs a paying request at most once per seller and `Idempotency-Key` header: the key row is
 * inserted first, in the transaction that does the work, so a concurrent duplicate waits on
 * the unique key and then replays the stored answer. The work runs in a savepoint: a refused
 * request (any `AppError`) rolls its work back but keeps its answer, which is replayed too. The
 * same key with another route or body is a 409. Unexpected errors store nothing, so a retry
 * runs again.
 */
export async function idempotent<T>(
  request: FastifyRequest,
  work: (ctx: Ctx) => Promise<T>,
  opts: { sellerId?: number } = {},
): Promise<T> {
  const ctx = request.ctx;
  // An operator's money route (a purchase order's refund) keys on the seller whose money moves.
  const sellerId = opts.sellerId ?? sellerIdOf(ctx);
  const key = keyOf(request);
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const requestHash = createHash('sha256')
    .update(`${route}\n${stableJson(request.body)}`)
    .digest('hex');

  const outcome = await ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ sellerId, key, route, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(ofSeller(idempotencyKeys.sellerId, sellerId), eq(idempotencyKeys.key, key)));
      if (!first || first.route !== route || first.requestHash !== requestHash) {
        throw new ConflictError('finance.idempotency_key_reused', {}, null, {
          [IDEMPOTENCY_HEADER]: 'finance.idempotency_key_used',
        });
      }
      if (first.statusCode === null) throw new ConflictError('finance.request_running');
      return { status: first.statusCode, response: first.response };
    }
    const store = (status: number, response: unknown) =>
      tx
        .update(idempotencyKeys)
        .set({ statusCode: status, response })
        .where(and(ofSeller(idempotencyKeys.sellerId, sellerId), eq(idempotencyKeys.key, key)));
    try {
      const value = await tx.transaction((inner) =>
        work({ ...ctx, db: inner, inTransaction: true }),
      );
      await store(200, value ?? null);
      return { status: 200, response: value as unknown };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const stored: StoredError = {
        key: error.key,
        params: error.params,
        data: error.data,
        fields: error.fields,
      };
      await store(error.status, stored);
      return { status: error.status, response: stored };
    }
  });

  if (outcome.status === 200) return outcome.response as T;
  const stored = outcome.response as StoredError;
  throw new AppError(outcome.status, stored.key, stored.params, stored.data, stored.fields);
}
