import type { FastifyRequest } from 'fastify';
import {
  ChangeEmailInput,
  EmailState,
  EmptyData,
  VerifyEmailInput,
  VerifyEmailResult,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { authCtx, authLimiters } from '../auth/index.ts';
import {
  changeEmail,
  getEmailState,
  resendEmailLink,
  verifyEmail,
  type VerifyLink,
} from './email-verification.ts';

const tags = ['account'];
const security = [{ bearer: [] }];
const userAccess = { access: { auth: 'user' } } as const;

/** `/api/account/email*`: the account's e-mail, its change and the verification link. */
export function registerEmailRoutes(app: App, deps: AppDeps): void {
  const limits = authLimiters(app, deps.config.AUTH_IP_LIMIT_SCALE);
  const linkOf = (request: FastifyRequest): VerifyLink => ({
    appUrl: deps.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`,
  });

  route(
    app,
    {
      method: 'GET',
      url: '/api/account/email',
      tags,
      summary: 'The account’s e-mail, whether it is verified, and a change waiting for its link',
      security,
      response: EmailState,
      ...userAccess,
    },
    (ctx) => getEmailState(ctx),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/account/email/change',
      tags,
      summary:
        'Ask to change the e-mail (login password required): a link goes to the new address, which counts once the link is opened',
      security,
      body: ChangeEmailInput,
      response: EmptyData,
      ...userAccess,
      ...limits.codes,
    },
    async (_ctx, input, request) => {
      await changeEmail(authCtx(request, deps), input, linkOf(request));
      return null;
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/account/email/resend',
      tags,
      summary:
        'Send the verification link again (the pending new address, else the unverified one); one a minute',
      security,
      response: EmptyData,
      ...userAccess,
      ...limits.codes,
    },
    async (_ctx, _input, request) => {
      await resendEmailLink(authCtx(request, deps), linkOf(request));
      return null;
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/account/email/verify',
      tags,
      summary: 'Open a verification link: its address becomes the account’s, verified; works once',
      body: VerifyEmailInput,
      response: VerifyEmailResult,
      access: { auth: 'public' },
      ...limits.codes,
    },
    (ctx, input) => verifyEmail(ctx, input),
  );
}
