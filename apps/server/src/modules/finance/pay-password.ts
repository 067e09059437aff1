import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema.ts';
import { TooManyRequestsError, ValidationError } from '../../errors.ts';
import { ofSeller, requireUser } from '../../tenancy.ts';
import { verifyPassword } from '../auth/index.ts';

/** Five wrong pay passwords per user in 15 minutes, then 429 until the window ends. */
const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;

/** How long a verified pay password is accepted again without a new scrypt hash. */
const REMEMBER_MS = 5 * 60_000;
const REMEMBER_MAX = 10_000;

/**
 * Recently verified pay passwords, per process: an HMAC under a key that never leaves memory,
 * of the user, the stored hash (so a changed pay password forgets at once) and the password.
 * A seller paying many orders in a row, or fifty clients of one seller at once, then costs one
 * scrypt hash instead of one each (1.7 payments/s before). Only a correct password is remembered;
 * a wrong one always pays the full hash and counts towards the lockout.
 */
const rememberKey = randomBytes(32);
const remembered = new Map<number, { mac: Buffer; until: number }>();
/** Concurrent checks of the same user, hash and password share one scrypt hash. */
const inFlight = new Map<string, Promise<boolean>>();

function macOf(userId: number, hash: string, payPassword: string): Buffer {
  return createHmac('sha256', rememberKey).update(`${userId}\0${hash}\0${payPassword}`).digest();
}

async function verifyRemembered(userId: number, hash: string, payPassword: string) {
  const mac = macOf(userId, hash, payPassword);
  const known = remembered.get(userId);
  if (known && known.until > Date.now() && timingSafeEqual(known.mac, mac)) return true;
  const flightKey = `${userId}:${mac.toString('base64url')}`;
  let pending = inFlight.get(flightKey);
  if (!pending) {
    pending = verifyPassword(payPassword, hash).finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, pending);
  }
  const ok = await pending;
  if (ok) {
    remembered.delete(userId);
    if (remembered.size >= REMEMBER_MAX) remembered.delete(remembered.keys().next().value!);
    remembered.set(userId, { mac, until: Date.now() + REMEMBER_MS });
  }
  return ok;
}

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
      'auth.rate_limited.pay_password',
      { unit: 'minutes', count: Math.ceil(seconds / 60) },
      seconds,
    );

  const check: PayPasswordCheck = async (request, payPassword) => {
    const actor = requireUser(request.ctx);
    const peek = await counter(request, { increment: false });
    if (!peek.isAllowed && peek.remaining <= 0) throw tooMany(peek.ttlInSeconds);
    // The pay password is the boss's: staff allowed to pay (the finance permission) type it.
    const [user] = await request.ctx.db
      .select({ hash: users.payPasswordHash })
      .from(users)
      .where(and(ofSeller(users.sellerId, actor.sellerId), eq(users.isBoss, true)))
      .limit(1);
    if (!user?.hash) {
      throw new ValidationError(
        { pay_password: 'account.set_pay_password_first' },
        'account.pay_password_not_set',
      );
    }
    if (await verifyRemembered(actor.userId, user.hash, payPassword)) return;
    const state = await counter(request);
    if (!state.isAllowed && state.isExceeded) throw tooMany(state.ttlInSeconds);
    throw new ValidationError(
      { pay_password: 'account.pay_password_wrong' },
      'account.pay_password_wrong',
    );
  };
  perApp.set(app, check);
  return check;
}
