import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Ctx } from '../../context.ts';
import type { Messenger } from '../../integrations/messenger.ts';

/** The request context plus what the account services need from start-up: settings and the Messenger. */
export interface AuthCtx extends Ctx {
  config: Config;
  messenger: Messenger;
  /** The client's `User-Agent`, for the login log. */
  userAgent: string;
}

export function authCtx(
  request: FastifyRequest,
  deps: { config: Config; messenger: Messenger },
): AuthCtx {
  return {
    ...request.ctx,
    config: deps.config,
    messenger: deps.messenger,
    userAgent: request.headers['user-agent'] ?? '',
  };
}
