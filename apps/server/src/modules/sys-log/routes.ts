import {
  LogClearResult,
  LogKeep,
  OperationLogPage,
  OperationLogQuery,
  permOf,
  SysLoginLogPage,
  SysLoginLogQuery,
} from '@app/shared';
import type { Access } from '../../http/access.ts';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { searchLoginLog } from './login-log.ts';
import { clearOperationLog, getLogKeep, searchOperationLog, setLogKeep } from './service.ts';

const PAGE = '/sys/log';
/** The operator's permissions on the operation log (`sys:log:<action>`, seeded with the menu). */
export const LOG_PERMS = {
  page: permOf(PAGE, 'page'),
  clear: permOf(PAGE, 'clear'),
  getKeep: permOf(PAGE, 'get-keep'),
  setKeep: permOf(PAGE, 'set-keep'),
  /** The sign-in log is a console page of its own (`/sys/login-log`). */
  loginPage: permOf('/sys/login-log', 'page'),
} as const;

const can = (perm: string): { access: Access } => ({ access: { auth: 'admin', perm } });
const tags = ['sys/log'];

/** `/api/sys/log/*`: the operator's view of every write request, its keep-days and clearing. */
export function registerSysLogRoutes(app: App): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/log/page',
      tags,
      summary: 'Operation log of operators and seller users: by actor, name, path, method, time',
      querystring: OperationLogQuery,
      response: OperationLogPage,
      ...can(LOG_PERMS.page),
    },
    (ctx, input) => searchOperationLog(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/login-log/page',
      tags: ['sys/login-log'],
      summary: 'Sign-in attempts of operators and seller users: by user, IP, time range, result',
      querystring: SysLoginLogQuery,
      response: SysLoginLogPage,
      ...can(LOG_PERMS.loginPage),
    },
    (ctx, input) => searchLoginLog(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/log/clear',
      tags,
      summary: 'Delete every row of the operation log (the clearing request itself is then logged)',
      response: LogClearResult,
      ...can(LOG_PERMS.clear),
    },
    (ctx) => clearOperationLog(ctx),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/log/get-keep',
      tags,
      summary: 'Days the operation log is kept before the hourly purge deletes a row',
      response: LogKeep,
      ...can(LOG_PERMS.getKeep),
    },
    (ctx) => getLogKeep(ctx),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/log/set-keep',
      tags,
      summary: 'Set the days the operation log is kept (`value`, 1-3650)',
      body: LogKeep,
      response: LogKeep,
      ...can(LOG_PERMS.setKeep),
    },
    (ctx, input) => setLogKeep(ctx, input),
  );
}
