import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AutoLoginInput,
  CheckMailCodeInput,
  CheckMailCodeResult,
  EmptyData,
  envelopeOf,
  ForgetByMobileInput,
  LoginByMobileInput,
  LoginInput,
  MailCodeInput,
  MobileCodeInput,
  RegisterByMobileInput,
  RegisterInput,
  UserInfo,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { authCtx } from './context.ts';
import { authLimiters } from './rate-limits.ts';
import {
  autoLogin,
  checkMailCode,
  forgetByMobile,
  login,
  loginByMobile,
  logout,
  register,
  registerByMobile,
  sendForgetSmsCode,
  sendLoginSmsCode,
  sendMailCode,
  sendRegisterSmsCode,
} from './service.ts';

const tags = ['auth'];
const publicAccess = { access: { auth: 'public' } } as const;

export function registerAuthRoutes(app: App, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = authLimiters(app);
  const userInfo = { 200: envelopeOf(UserInfo) };
  const empty = { 200: envelopeOf(EmptyData) };

  r.post(
    '/api/register',
    {
      schema: {
        tags,
        summary:
          'Sign up by e-mail with the code from mail-code; 422 on a wrong code whether or not the address is registered, 409 only after the code proves the mailbox',
        body: RegisterInput,
        response: userInfo,
      },
      config: publicAccess,
    },
    async (request) => ok(await register(authCtx(request, deps), request.body)),
  );
  r.post(
    '/api/register-sms-code',
    {
      schema: {
        tags,
        summary: 'Send a sign-up code by SMS',
        body: MobileCodeInput,
        response: empty,
      },
      config: publicAccess,
      ...limits.codes,
    },
    async (request) => {
      await sendRegisterSmsCode(authCtx(request, deps), request.body);
      return ok(null);
    },
  );
  r.post(
    '/api/register-by-mobile',
    {
      schema: {
        tags,
        summary: 'Sign up with a mobile number and SMS code',
        body: RegisterByMobileInput,
        response: userInfo,
      },
      config: publicAccess,
    },
    async (request) => ok(await registerByMobile(authCtx(request, deps), request.body)),
  );
  r.post(
    '/api/login',
    {
      schema: {
        tags,
        summary: 'Log in by e-mail and password',
        body: LoginInput,
        response: userInfo,
      },
      config: publicAccess,
      ...limits.login,
    },
    async (request) => ok(await login(authCtx(request, deps), request.body)),
  );
  r.post(
    '/api/mobile-sms-code',
    {
      schema: { tags, summary: 'Send a login code by SMS', body: MobileCodeInput, response: empty },
      config: publicAccess,
      ...limits.codes,
    },
    async (request) => {
      await sendLoginSmsCode(authCtx(request, deps), request.body);
      return ok(null);
    },
  );
  r.post(
    '/api/login-by-mobile',
    {
      schema: {
        tags,
        summary: 'Log in by mobile with the password or an SMS code',
        body: LoginByMobileInput,
        response: userInfo,
      },
      config: publicAccess,
      ...limits.login,
    },
    async (request) => ok(await loginByMobile(authCtx(request, deps), request.body)),
  );
  r.post(
    '/api/forget-sms-code',
    {
      schema: {
        tags,
        summary: 'Send a password-reset code by SMS',
        body: MobileCodeInput,
        response: empty,
      },
      config: publicAccess,
      ...limits.codes,
    },
    async (request) => {
      await sendForgetSmsCode(authCtx(request, deps), request.body);
      return ok(null);
    },
  );
  r.post(
    '/api/forget-by-mobile',
    {
      schema: {
        tags,
        summary: 'Reset the password with an SMS code',
        body: ForgetByMobileInput,
        response: empty,
      },
      config: publicAccess,
    },
    async (request) => {
      await forgetByMobile(authCtx(request, deps), request.body);
      return ok(null);
    },
  );
  r.post(
    '/api/mail-code',
    {
      schema: {
        tags,
        summary:
          'Send a code by e-mail (to verify the address, or to sign up with it); the same answer for any address',
        body: MailCodeInput,
        response: empty,
      },
      config: publicAccess,
      ...limits.codes,
    },
    async (request) => {
      await sendMailCode(authCtx(request, deps), request.body);
      return ok(null);
    },
  );
  r.post(
    '/api/check-mail-code',
    {
      schema: {
        tags,
        summary: 'Check an e-mail code',
        body: CheckMailCodeInput,
        response: { 200: envelopeOf(CheckMailCodeResult) },
      },
      config: publicAccess,
    },
    async (request) => ok(await checkMailCode(authCtx(request, deps), request.body)),
  );
  r.post(
    '/api/auto-login',
    {
      schema: {
        tags,
        summary: 'Exchange a valid token for a new one',
        body: AutoLoginInput,
        response: userInfo,
      },
      config: publicAccess,
    },
    async (request) => ok(await autoLogin(request.ctx, request.body)),
  );
  r.post(
    '/api/logout',
    {
      schema: {
        tags,
        summary: 'Revoke the current token',
        security: [{ bearer: [] }],
        response: empty,
      },
      config: { access: { auth: 'any' } },
    },
    async (request) => {
      await logout(request.ctx);
      return ok(null);
    },
  );
}
