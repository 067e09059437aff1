import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema.ts';
import { TooManyRequestsError, ValidationError } from '../../errors.ts';
import { requireUser } from '../../tenancy.ts';
import { verifyPassword } from '../auth/passwords.ts';

/** Five wrong pay passwords per user in 15 minutes, then 429 until the window ends. */
const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;

export type PayPasswordCheck = (request: FastifyRequest, payPassword: string) => Promise<void>;

const perApp = new WeakMap<FastifyInstance, PayPasswordCheck>();

/**
 * The pay-password check of every paying route, with one failure counter per user shared by
 * all of them (in Redis when configured, like the login limits). Only wrong passwords count.
 * Runs before any transaction opens: a scrypt hash takes ~350 ms and must not hold row locks.
 */
export function payPasswordCheck(app: FastifyInstance): PayPasswordCheck {
  const existing = perApp.get(app);
  if (existing) return existing;
  const counter = app.createRateLimit({
    max: MAX_FAILURES,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `pay-password:${requireUser(request.ctx).userId}`,
  });
  const tooMany = (seconds: number) =>
    new TooManyRequestsError(
      `Too many wrong pay passwords. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
      seconds,
    );

  const check: PayPasswordCheck = async (request, payPassword) => {
    const actor = requireUser(request.ctx);
    const peek = await counter(request, { increment: false });
    if (!peek.isAllowed && peek.remaining <= 0) throw tooMany(peek.ttlInSeconds);
    const [user] = await request.ctx.db
      .select({ hash: users.payPasswordHash })
      .from(users)
      .where(eq(users.id, actor.userId));
    if (!user?.hash) {
      throw new ValidationError(
        { pay_password: 'Set a pay password first' },
        'No pay password is set',
      );
    }
    if (await verifyPassword(payPassword, user.hash)) return;
    const state = await counter(request);
    if (!state.isAllowed && state.isExceeded) throw tooMany(state.ttlInSeconds);
    throw new ValidationError({ pay_password: 'Wrong pay password' }, 'Wrong pay password');
  };
  perApp.set(app, check);
  return check;
}
