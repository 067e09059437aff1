import type {
  LogClearResult,
  LogKeep,
  OperationLogPage,
  OperationLogQuery,
  ServerHealth,
  SysLoginLogPage,
  SysLoginLogQuery,
} from '@app/shared';
import { api } from '../../../api/client.ts';

/** The operation and sign-in logs (`/api/sys/log/*`, `/api/sys/login-log/*`) and server health calls. */
const operator = { session: 'operator' } as const;

export const sysKeys = {
  log: ['admin', 'sys-log'] as const,
  logPage: (query: Partial<OperationLogQuery>) => [...sysKeys.log, 'page', query] as const,
  keep: () => [...sysKeys.log, 'keep'] as const,
  info: ['admin', 'sys-info'] as const,
  loginLogPage: (query: Partial<SysLoginLogQuery>) =>
    ['admin', 'sys-login-log', 'page', query] as const,
};

export const sysLog = {
  page: (query: Partial<OperationLogQuery>) =>
    api.get<OperationLogPage>('/sys/log/page', query, operator),
  clear: () => api.post<LogClearResult>('/sys/log/clear', undefined, operator),
  getKeep: () => api.get<LogKeep>('/sys/log/get-keep', undefined, operator),
  setKeep: (value: number) => api.post<LogKeep>('/sys/log/set-keep', { value }, operator),
};

/** Operators' and seller users' sign-in attempts (`/api/sys/login-log/page`). */
export const sysLoginLog = {
  page: (query: Partial<SysLoginLogQuery>) =>
    api.get<SysLoginLogPage>('/sys/login-log/page', query, operator),
};

export const sysInfo = {
  record: () => api.get<ServerHealth>('/sys/info/record', undefined, operator),
};
