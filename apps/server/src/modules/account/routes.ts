import {
  AccountOverview,
  BindingState,
  EmptyData,
  PublicConfig,
  SaveLanguageInput,
  SaveMemMobileInput,
  SaveMemPwdInput,
  SavePayPwdInput,
  SaveUserNameInput,
  SubscribeState,
  UpdateSmsCodeInput,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { authCtx, authLimiters } from '../auth/index.ts';
import { registerEmailRoutes } from './email-routes.ts';
import {
  accountOverview,
  getBindingState,
  getPublicConfig,
  getSubscribeState,
  saveLanguage,
  saveMemMobile,
  saveMemPwd,
  savePayPwd,
  saveUserName,
  sendUpdateSmsCode,
  untieUser,
} from './service.ts';

const tags = ['account'];
const security = [{ bearer: [] }];
const userAccess = { access: { auth: 'user' } } as const;

export function registerAccountRoutes(app: App, deps: AppDeps): void {
  const limits = authLimiters(app, deps.config.AUTH_IP_LIMIT_SCALE);

  route(
    app,
    {
      method: 'POST',
      url: '/api/update-sms-code',
      tags,
      summary: 'Send a code to a new mobile number',
      security,
      body: UpdateSmsCodeInput,
      response: EmptyData,
      ...userAccess,
      ...limits.codes,
    },
    async (_ctx, input, request) => {
      await sendUpdateSmsCode(authCtx(request, deps), input);
      return null;
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/save-mem-mobile',
      tags,
      summary: 'Bind a mobile number with its code',
      security,
      body: SaveMemMobileInput,
      response: EmptyData,
      ...userAccess,
    },
    async (_ctx, input, request) => {
      await saveMemMobile(authCtx(request, deps), input);
      return null;
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/save-user-name',
      tags,
      summary: 'Change the display name',
      security,
      body: SaveUserNameInput,
      response: EmptyData,
      ...userAccess,
    },
    async (ctx, input) => {
      await saveUserName(ctx, input);
      return null;
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/account/language',
      tags,
      summary: 'Save the language the server writes messages in for this user',
      security,
      body: SaveLanguageInput,
      response: EmptyData,
      ...userAccess,
    },
    async (ctx, input) => {
      await saveLanguage(ctx, input);
      return null;
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/save-mem-pwd',
      tags,
      summary: 'Change the login password',
      security,
      body: SaveMemPwdInput,
      response: EmptyData,
      ...userAccess,
    },
    async (ctx, input) => {
      await saveMemPwd(ctx, input);
      return null;
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/save-pay-pwd',
      tags,
      summary: 'Set the pay password',
      security,
      body: SavePayPwdInput,
      response: EmptyData,
      // The pay password is the boss's: staff pay (with the finance permission) by typing it.
      access: { auth: 'user', boss: true },
    },
    async (ctx, input) => {
      await savePayPwd(ctx, input);
      return null;
    },
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/account/overview',
      tags,
      summary: 'The signed-in user’s own account and last ten sign-in attempts (the admin page)',
      security,
      response: AccountOverview,
      ...userAccess,
    },
    (ctx) => accountOverview(ctx),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/is-binded',
      tags,
      summary: 'What the account has bound',
      security,
      response: BindingState,
      ...userAccess,
    },
    (ctx) => getBindingState(ctx),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/getconfig',
      tags,
      summary: 'Public settings for the login pages',
      response: PublicConfig,
      access: { auth: 'public' },
    },
    (_ctx, _input, request) => getPublicConfig(authCtx(request, deps)),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/is-subscribe',
      tags,
      summary: 'Whether a third-party account is bound',
      security,
      response: SubscribeState,
      ...userAccess,
    },
    (ctx) => getSubscribeState(ctx),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/untie-user',
      tags,
      summary: 'Unbind the third-party account',
      security,
      response: EmptyData,
      ...userAccess,
    },
    async (ctx) => {
      await untieUser(ctx);
      return null;
    },
  );
  registerEmailRoutes(app, deps);
}
