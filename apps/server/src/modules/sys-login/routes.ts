import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyData, envelopeOf, SysLoginInput, SysLoginResult } from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { authCtx, authLimiters } from '../auth/index.ts';
import { sysLogin, sysLogout } from './service.ts';

const tags = ['sys/login'];

export function registerSysLoginRoutes(app: App, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = authLimiters(app);

  r.post(
    '/api/sys/login/login',
    {
      schema: {
        tags,
        summary: 'Operator login',
        body: SysLoginInput,
        response: { 200: envelopeOf(SysLoginResult) },
      },
      config: { access: { auth: 'public' } },
      ...limits.login,
    },
    async (request) => ok(await sysLogin(authCtx(request, deps), request.body)),
  );
  r.post(
    '/api/sys/login/logout',
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Revoke the operator token',
        response: { 200: envelopeOf(EmptyData) },
      },
      config: { access: { auth: 'admin' } },
    },
    async (request) => {
      await sysLogout(request.ctx);
      return ok(null);
    },
  );
}
