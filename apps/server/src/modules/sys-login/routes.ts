import { EmptyData, SysLoginInput, SysLoginResult } from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { authCtx, authLimiters } from '../auth/index.ts';
import { sysLogin, sysLogout } from './service.ts';

const tags = ['sys/login'];

export function registerSysLoginRoutes(app: App, deps: AppDeps): void {
  const limits = authLimiters(app, deps.config.AUTH_IP_LIMIT_SCALE);

  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/login/login',
      tags,
      summary: 'Operator login',
      body: SysLoginInput,
      response: SysLoginResult,
      access: { auth: 'public' },
      ...limits.login,
    },
    (_ctx, input, request) => sysLogin(authCtx(request, deps), input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/login/logout',
      tags,
      summary: 'Revoke the operator token',
      security: [{ bearer: [] }],
      response: EmptyData,
      access: { auth: 'admin' },
    },
    async (ctx) => {
      await sysLogout(ctx);
      return null;
    },
  );
}
