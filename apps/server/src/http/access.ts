import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  checkPerm,
  DEFAULT_LANGUAGE,
  languageFromAcceptLanguage,
  type PermRequirement,
} from '@app/shared';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import { resolveSession } from '../modules/auth/index.ts';
import { loadPerms } from '../modules/menus/index.ts';
import { markNoStore } from './no-store.ts';

/**
 * Every `/api` route declares who may call it in `config.access`: anyone, a signed-in
 * seller user, or a platform operator, optionally with a permission requirement.
 */
export type Access =
  | { auth: 'public' }
  | { auth: 'any' }
  | {
      auth: 'user';
      perm?: PermRequirement;
      /** Only the seller's boss (staff management, the pay password): staff get 403 whatever their groups. */
      boss?: true;
    }
  | { auth: 'admin'; perm?: PermRequirement };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Also accept the token as `?token=`, only where a header cannot be sent: file downloads a
     * browser opens as a link (a new tab) and the spec's upload URL (spec 7, "the upload URL
     * carries the user token as a query value"). Shown in the route's documentation.
     */
    tokenInQuery?: boolean;
  }
  interface FastifyRequest {
    ctx: Ctx;
  }
}

const WHO: Record<Access['auth'], string> = {
  public: 'Anyone',
  any: 'Any signed-in user or operator',
  user: "A seller's signed-in user",
  admin: 'A platform operator',
};

const TOKEN_IN_QUERY = 'The token may also be sent as `?token=` (a link cannot send a header).';

function describePerm(perm: PermRequirement): string {
  if (typeof perm === 'string') return `\`${perm}\``;
  if ('or' in perm) return `(${perm.or.map(describePerm).join(' or ')})`;
  return `(${perm.and.map(describePerm).join(' and ')})`;
}

export function describeAccess(access: Access): string {
  const perm =
    'perm' in access && access.perm !== undefined ? `, holding ${describePerm(access.perm)}` : '';
  const boss = 'boss' in access && access.boss ? ', the boss only' : '';
  return `Access: ${WHO[access.auth]}${perm}${boss}.`;
}

export function bearerToken(
  request: FastifyRequest,
  config = request.routeOptions.config,
): string | null {
  const header = request.headers.authorization;
  if (header) return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
  if (!config?.tokenInQuery) return null;
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' && token !== '' ? token : null;
}

export function registerAccessControl(app: FastifyInstance, db: Db): void {
  app.decorateRequest('ctx', null as unknown as Ctx);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access)
      throw new Error(`Route ${String(route.method)} ${url} does not declare config.access`);
    // The OpenAPI document shows who may call each route, from the same declaration.
    if (route.schema && !route.schema.hide) {
      route.schema = {
        ...route.schema,
        description: route.config?.tokenInQuery
          ? `${describeAccess(access)} ${TOKEN_IN_QUERY}`
          : describeAccess(access),
        ...(access.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
      };
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    // `routeOptions` builds a new object on every read: read it once.
    const config = request.routeOptions.config;
    const token = bearerToken(request, config);
    const { actor, permVersion, refusal } = token
      ? await resolveSession(db, token)
      : { actor: { kind: 'anonymous' } as const, permVersion: undefined, refusal: undefined };
    const lang =
      (actor.kind === 'user' ? actor.language : null) ??
      languageFromAcceptLanguage(request.headers['accept-language']) ??
      DEFAULT_LANGUAGE;
    request.ctx = { db, actor, log: request.log, ip: request.ip, lang, permVersion };

    const access = config?.access;
    markNoStore(reply, access !== undefined && access.auth !== 'public', actor);
    if (!access || access.auth === 'public') return;
    if (actor.kind === 'anonymous') throw new UnauthorizedError(refusal);
    if (access.auth === 'any') return;
    if (access.auth !== actor.kind) throw new ForbiddenError();
    if (access.auth === 'user' && access.boss && actor.kind === 'user' && !actor.isBoss) {
      throw new ForbiddenError('team.boss_only');
    }
    // A boss holds every permission of the tree, staff the union of their groups' (`loadPerms`).
    if (access.perm !== undefined && !checkPerm(await loadPerms(request.ctx), access.perm)) {
      throw new ForbiddenError();
    }
  });
}
