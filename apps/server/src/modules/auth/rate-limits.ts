import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequestsError, ValidationError } from '../../errors.ts';
import type { MessageKey } from '../../i18n/messages.ts';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
type ErrorHook = (request: FastifyRequest, reply: FastifyReply, error: Error) => Promise<void>;

/** Route-option hooks to spread into a route's options. */
export interface RouteLimits {
  onRequest?: Hook[];
  preHandler?: Hook[];
  onError?: ErrorHook[];
  onResponse?: Hook[];
}

interface LimiterSpec {
  /** Prefix of every counter key: limiters share one Redis namespace, so keys must not collide. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted; `null` skips the request (nothing to count it against). */
  key: (request: FastifyRequest) => string | null;
  messageKey: MessageKey;
}

/** `{unit, count}` for the `auth.rate_limited.*` messages: seconds below 90, else minutes. */
export function waitParams(seconds: number): { unit: 'seconds' | 'minutes'; count: number } {
  return seconds < 90
    ? { unit: 'seconds', count: seconds }
    : { unit: 'minutes', count: Math.ceil(seconds / 60) };
}

function tooMany(spec: LimiterSpec, retryAfterSeconds: number): TooManyRequestsError {
  return new TooManyRequestsError(
    spec.messageKey,
    waitParams(retryAfterSeconds),
    retryAfterSeconds,
  );
}

/**
 * Built on `createRateLimit`, not `app.rateLimit()`: the handlers of `app.rateLimit()` share
 * one per-request "already ran" flag, so a second one on the same route silently does
 * nothing. These keep their own counters (one store each) and can be stacked.
 */
function counterOf(app: FastifyInstance, spec: LimiterSpec) {
  const counter = app.createRateLimit({
    max: spec.max,
    timeWindow: spec.windowMs,
    keyGenerator: (request) => `${spec.name}:${spec.key(request)}`,
  });
  return {
    /** Counts this request; throws the 429 once the count passes `max`. */
    hit: async (request: FastifyRequest) => {
      if (spec.key(request) === null) return;
      const state = await counter(request);
      if (!state.isAllowed && state.isExceeded) throw tooMany(spec, state.ttlInSeconds);
    },
    /** Throws the 429 when `max` requests were already counted, without counting this one. */
    guard: async (request: FastifyRequest) => {
      if (spec.key(request) === null) return;
      const state = await counter(request, { increment: false });
      if (!state.isAllowed && state.remaining <= 0) throw tooMany(spec, state.ttlInSeconds);
    },
    count: async (request: FastifyRequest) => {
      if (spec.key(request) === null) return;
      await counter(request);
    },
  };
}

const MINUTE = 60_000;

function bodyField(request: FastifyRequest, field: string): string | null {
  const body = request.body as Record<string, unknown> | null | undefined;
  const value = body?.[field];
  return typeof value === 'string' && value !== '' ? value.toLowerCase() : null;
}

function isCredentialFailure(error: unknown): boolean {
  if (!(error instanceof ValidationError)) return false;
  const fields = error.fields ?? {};
  return 'password' in fields || 'code' in fields;
}

export interface AuthLimiters {
  /** Captcha images: 30 a minute per IP. */
  captcha: RouteLimits;
  /**
   * Every login endpoint: 20 attempts a minute per IP, and 10 failed password or code checks
   * per 15 minutes per e-mail, mobile or operator name. Only failures count against an
   * account, so requests that never pass the captcha cannot lock its owner out.
   */
  login: RouteLimits;
  /**
   * Every code-sending endpoint: 20 requests an hour per IP, and 5 codes an hour per mobile
   * number or e-mail address (ASVS 2.4.1). Only answered requests count against an address.
   */
  codes: RouteLimits;
}

const perApp = new WeakMap<FastifyInstance, AuthLimiters>();

/**
 * One set per app, so routes in different modules share the same counters. `ipScale`
 * (AUTH_IP_LIMIT_SCALE, demo only) multiplies the per-IP limits.
 */
export function authLimiters(app: FastifyInstance, ipScale = 1): AuthLimiters {
  const existing = perApp.get(app);
  if (existing) return existing;

  const captchaIp = counterOf(app, {
    name: 'captcha-ip',
    max: 30 * ipScale,
    windowMs: MINUTE,
    key: (r) => r.ip,
    messageKey: 'auth.rate_limited.captcha',
  });
  const loginIp = counterOf(app, {
    name: 'login-ip',
    max: 20 * ipScale,
    windowMs: MINUTE,
    key: (r) => r.ip,
    messageKey: 'auth.rate_limited.login_ip',
  });
  const loginAccount = counterOf(app, {
    name: 'login-account',
    max: 10,
    windowMs: 15 * MINUTE,
    key: (r) => {
      const email = bodyField(r, 'email');
      if (email) return `email:${email}`;
      const mobile = bodyField(r, 'mobile');
      if (mobile) return `mobile:${mobile}`;
      const username = bodyField(r, 'username');
      return username ? `operator:${username}` : null;
    },
    messageKey: 'auth.rate_limited.login_account',
  });
  const codeIp = counterOf(app, {
    name: 'code-ip',
    max: 20 * ipScale,
    windowMs: 60 * MINUTE,
    key: (r) => r.ip,
    messageKey: 'auth.rate_limited.codes_ip',
  });
  const codeTarget = counterOf(app, {
    name: 'code-target',
    max: 5,
    windowMs: 60 * MINUTE,
    key: (r) => bodyField(r, 'mobile') ?? bodyField(r, 'email'),
    messageKey: 'auth.rate_limited.codes_target',
  });

  const limiters: AuthLimiters = {
    captcha: { onRequest: [captchaIp.hit] },
    login: {
      onRequest: [loginIp.hit],
      preHandler: [loginAccount.guard],
      onError: [
        async (request, _reply, error) => {
          if (isCredentialFailure(error)) await loginAccount.count(request);
        },
      ],
    },
    codes: {
      onRequest: [codeIp.hit],
      preHandler: [codeTarget.guard],
      onResponse: [
        async (request, reply) => {
          if (reply.statusCode === 200) await codeTarget.count(request);
        },
      ],
    },
  };
  perApp.set(app, limiters);
  return limiters;
}
