import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkPerm, type PermRequirement } from '@app/shared';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import { resolveToken } from '../modules/auth/sessions.ts';
import { loadPerms } from '../modules/menus/perms.ts';

/**
 * Every `/api` route declares who may call it in `config.access`: anyone, a signed-in
 * seller user, or a platform operator, optionally with a permission requirement.
 */
export type Access =
  | { auth: 'public' }
  | { auth: 'any' }
  | { auth: 'user'; perm?: PermRequirement }
  | { auth: 'admin'; perm?: PermRequirement };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    ctx: Ctx;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function registerAccessControl(app: FastifyInstance, db: Db): void {
  app.decorateRequest('ctx', null as unknown as Ctx);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (url.startsWith('/api/') && !url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${url} does not declare config.access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    const actor = token ? await resolveToken(db, token) : ({ kind: 'anonymous' } as const);
    request.ctx = { db, actor, log: request.log, ip: request.ip };

    const access = request.routeOptions.config?.access;
    if (!access || access.auth === 'public') return;
    if (actor.kind === 'anonymous') throw new UnauthorizedError();
    if (access.auth === 'any') return;
    if (access.auth !== actor.kind) throw new ForbiddenError();
    if (access.perm !== undefined && !checkPerm(await loadPerms(db, actor), access.perm)) {
      throw new ForbiddenError();
    }
  });
}
