import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BindingState,
  EmptyData,
  envelopeOf,
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
import { ok } from '../../http/envelope.ts';
import { authCtx, authLimiters } from '../auth/index.ts';
import {
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = authLimiters(app);
  const empty = { 200: envelopeOf(EmptyData) };

  r.post(
    '/api/update-sms-code',
    {
      schema: {
        tags,
        security,
        summary: 'Send a code to a new mobile number',
        body: UpdateSmsCodeInput,
        response: empty,
      },
      config: userAccess,
      ...limits.codes,
    },
    async (request) => {
      await sendUpdateSmsCode(authCtx(request, deps), request.body);
      return ok(null);
    },
  );
  r.post(
    '/api/save-mem-mobile',
    {
      schema: {
        tags,
        security,
        summary: 'Bind a mobile number with its code',
        body: SaveMemMobileInput,
        response: empty,
      },
      config: userAccess,
    },
    async (request) => {
      await saveMemMobile(authCtx(request, deps), request.body);
      return ok(null);
    },
  );
  r.post(
    '/api/save-user-name',
    {
      schema: {
        tags,
        security,
        summary: 'Change the display name',
        body: SaveUserNameInput,
        response: empty,
      },
      config: userAccess,
    },
    async (request) => {
      await saveUserName(request.ctx, request.body);
      return ok(null);
    },
  );
  r.post(
    '/api/account/language',
    {
      schema: {
        tags,
        security,
        summary: 'Save the language the server writes messages in for this user',
        body: SaveLanguageInput,
        response: empty,
      },
      config: userAccess,
    },
    async (request) => {
      await saveLanguage(request.ctx, request.body);
      return ok(null);
    },
  );
  r.post(
    '/api/save-mem-pwd',
    {
      schema: {
        tags,
        security,
        summary: 'Change the login password',
        body: SaveMemPwdInput,
        response: empty,
      },
      config: userAccess,
    },
    async (request) => {
      await saveMemPwd(request.ctx, request.body);
      return ok(null);
    },
  );
  r.post(
    '/api/save-pay-pwd',
    {
      schema: {
        tags,
        security,
        summary: 'Set the pay password',
        body: SavePayPwdInput,
        response: empty,
      },
      config: userAccess,
    },
    async (request) => {
      await savePayPwd(request.ctx, request.body);
      return ok(null);
    },
  );
  r.get(
    '/api/is-binded',
    {
      schema: {
        tags,
        security,
        summary: 'What the account has bound',
        response: { 200: envelopeOf(BindingState) },
      },
      config: userAccess,
    },
    async (request) => ok(await getBindingState(request.ctx)),
  );
  r.get(
    '/api/getconfig',
    {
      schema: {
        tags,
        summary: 'Public settings for the login pages',
        response: { 200: envelopeOf(PublicConfig) },
      },
      config: { access: { auth: 'public' } },
    },
    async (request) => ok(getPublicConfig(authCtx(request, deps))),
  );
  r.post(
    '/api/is-subscribe',
    {
      schema: {
        tags,
        security,
        summary: 'Whether a third-party account is bound',
        response: { 200: envelopeOf(SubscribeState) },
      },
      config: userAccess,
    },
    async (request) => ok(await getSubscribeState(request.ctx)),
  );
  r.post(
    '/api/untie-user',
    {
      schema: { tags, security, summary: 'Unbind the third-party account', response: empty },
      config: userAccess,
    },
    async (request) => {
      await untieUser(request.ctx);
      return ok(null);
    },
  );
}
