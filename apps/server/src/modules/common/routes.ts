import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CaptchaResult, envelopeOf, UserInfo } from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { authCtx, authLimiters, createCaptcha } from '../auth/index.ts';
import { getUserInfo } from '../auth/service.ts';

const tags = ['common'];

export function registerCommonRoutes(app: App, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = authLimiters(app);

  r.post(
    '/api/common/captcha',
    {
      schema: {
        tags,
        summary: 'A new captcha image and its key',
        response: { 200: envelopeOf(CaptchaResult) },
      },
      config: { access: { auth: 'public' } },
      ...limits.captcha,
    },
    async (request) => ok(await createCaptcha(authCtx(request, deps))),
  );
  r.get(
    '/api/common/get-user-info',
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'The signed-in user',
        response: { 200: envelopeOf(UserInfo) },
      },
      config: { access: { auth: 'user' } },
    },
    async (request) => ok(await getUserInfo(request.ctx)),
  );
}
