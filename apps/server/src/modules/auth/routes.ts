import {
  AutoLoginInput,
  CheckMailCodeInput,
  CheckMailCodeResult,
  EmptyData,
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
import { route } from '../../http/route.ts';
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
  const limits = authLimiters(app, deps.config.AUTH_IP_LIMIT_SCALE);

  route(
    app,
    {
      method: 'POST',
      url: '/api/register',
      tags,
      summary:
        'Sign up by e-mail with the code from mail-code; 422 on a wrong code whether or not the address is registered, 409 only after the code proves the mailbox',
      body: RegisterInput,
      response: UserInfo,
      ...publicAccess,
    },
    (_ctx, input, request) => register(authCtx(request, deps), input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/register-sms-code',
      tags,
      summary: 'Send a sign-up code by SMS',
      body: MobileCodeInput,
      response: EmptyData,
      ...publicAccess,
      ...limits.codes,
    },
    async (_ctx, input, request) => {
      await sendRegisterSmsCode(authCtx(request, deps), input);
      return null;
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/register-by-mobile',
      tags,
      summary: 'Sign up with a mobile number and SMS code',
      body: RegisterByMobileInput,
      response: UserInfo,
      ...publicAccess,
    },
    (_ctx, input, request) => registerByMobile(authCtx(request, deps), input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/login',
      tags,
      summary: 'Log in by e-mail and password',
      body: LoginInput,
      response: UserInfo,
      ...publicAccess,
      ...limits.login,
    },
    (_ctx, input, request) => login(authCtx(request, deps), input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/mobile-sms-code',
      tags,
      summary: 'Send a login code by SMS',
      body: MobileCodeInput,
      response: EmptyData,
      ...publicAccess,
      ...limits.codes,
    },
    async (_ctx, input, request) => {
      await sendLoginSmsCode(authCtx(request, deps), input);
      return null;
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/login-by-mobile',
      tags,
      summary: 'Log in by mobile with the password or an SMS code',
      body: LoginByMobileInput,
      response: UserInfo,
      ...publicAccess,
      ...limits.login,
    },
    (_ctx, input, request) => loginByMobile(authCtx(request, deps), input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/forget-sms-code',
      tags,
      summary: 'Send a password-reset code by SMS',
      body: MobileCodeInput,
      response: EmptyData,
      ...publicAccess,
      ...limits.codes,
    },
    async (_ctx, input, request) => {
      await sendForgetSmsCode(authCtx(request, deps), input);
      return null;
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/forget-by-mobile',
      tags,
      summary: 'Reset the password with an SMS code',
      body: ForgetByMobileInput,
      response: EmptyData,
      ...publicAccess,
    },
    async (_ctx, input, request) => {
      await forgetByMobile(authCtx(request, deps), input);
      return null;
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/mail-code',
      tags,
      summary:
        'Send a code by e-mail (to verify the address, or to sign up with it); the same answer for any address',
      body: MailCodeInput,
      response: EmptyData,
      ...publicAccess,
      ...limits.codes,
    },
    async (_ctx, input, request) => {
      await sendMailCode(authCtx(request, deps), input);
      return null;
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/check-mail-code',
      tags,
      summary: 'Check an e-mail code',
      body: CheckMailCodeInput,
      response: CheckMailCodeResult,
      ...publicAccess,
    },
    (_ctx, input, request) => checkMailCode(authCtx(request, deps), input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/auto-login',
      tags,
      summary: 'Exchange a valid token for a new one',
      body: AutoLoginInput,
      response: UserInfo,
      ...publicAccess,
    },
    (ctx, input) => autoLogin(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/logout',
      tags,
      summary: 'Revoke the current token',
      security: [{ bearer: [] }],
      response: EmptyData,
      access: { auth: 'any' },
    },
    async (ctx) => {
      await logout(ctx);
      return null;
    },
  );
}
