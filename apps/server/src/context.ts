import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from './db/client.ts';

export type Actor =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      userId: number;
      sellerId: number;
      isBoss: boolean;
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
  inTransaction?: boolean;
}

export type UserActor = Extract<Actor, { kind: 'user' }>;
export type AdminActor = Extract<Actor, { kind: 'admin' }>;
