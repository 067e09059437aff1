import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '@app/shared';
import type { Executor } from './db/client.ts';

export type Actor =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      userId: number;
      sellerId: number;
      isBoss: boolean;
      /** The user's saved language, read with the session; null or absent follows Accept-Language. */
      language?: Language | null;
      sessionId: number;
      token: string;
      expiresAt: Date;
    }
  | { kind: 'admin'; adminId: number; sessionId: number; token: string; expiresAt: Date }
  | {
      /** The server itself (jobs, seeds): never comes from a request, holds no permissions. */
      kind: 'system';
      /** The seller the work is for (tenancy scopes to it); null for platform-wide work. */
      sellerId: number | null;
      /**
       * The user who queued the job: the job keeps that user's store visibility. Absent: the
       * seller's boss view (every store of the seller, nothing of anyone else's).
       */
      forUser?: { userId: number; isBoss: boolean };
    };

/** What every service function receives first: who acts, for which seller, on which handle. */
export interface Ctx {
  db: Executor;
  actor: Actor;
  log: FastifyBaseLogger;
  ip: string;
  /** The language messages, exports and documents are written in for this actor. */
  lang: Language;
  inTransaction?: boolean;
  /**
   * The menus revision read with the session (`resolveSession`), which versions the actor's
   * permissions; contexts made outside a request leave it out and it is read when needed.
   */
  permVersion?: number;
}

export type UserActor = Extract<Actor, { kind: 'user' }>;
export type AdminActor = Extract<Actor, { kind: 'admin' }>;
export type SystemActor = Extract<Actor, { kind: 'system' }>;

/**
 * The one context for work the server does by itself (jobs, seeds): a `system` actor, for one
 * seller when the work is a seller's (a job queued by them), or for the platform (`sellerId`
 * null, e.g. the shared demo goods).
 */
export function systemCtx(
  db: Executor,
  log: FastifyBaseLogger,
  opts: {
    sellerId?: number | null;
    forUser?: SystemActor['forUser'];
    lang?: Language;
    inTransaction?: boolean;
  } = {},
): Ctx {
  const actor: SystemActor = { kind: 'system', sellerId: opts.sellerId ?? null };
  if (opts.forUser) actor.forUser = opts.forUser;
  const ctx: Ctx = { db, log, ip: '', lang: opts.lang ?? DEFAULT_LANGUAGE, actor };
  if (opts.inTransaction) ctx.inTransaction = true;
  return ctx;
}
