import { CaptchaResult, UserInfo } from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { authCtx, authLimiters, createCaptcha } from '../auth/index.ts';
import { getUserInfo } from '../auth/service.ts';

const tags = ['common'];

export function registerCommonRoutes(app: App, deps: AppDeps): void {
  const limits = authLimiters(app, deps.config.AUTH_IP_LIMIT_SCALE);

  route(
    app,
    {
      method: 'POST',
      url: '/api/common/captcha',
      tags,
      summary: 'A new captcha image and its key',
      response: CaptchaResult,
      access: { auth: 'public' },
      ...limits.captcha,
    },
    (_ctx, _input, request) => createCaptcha(authCtx(request, deps)),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/common/get-user-info',
      tags,
      summary: 'The signed-in user',
      security: [{ bearer: [] }],
      response: UserInfo,
      access: { auth: 'user' },
    },
    (ctx) => getUserInfo(ctx),
  );
}
