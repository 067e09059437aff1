import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@app/shared';
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
  | { kind: 'admin'; adminId: number; sessionId: number; token: string; expiresAt: Date };

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
