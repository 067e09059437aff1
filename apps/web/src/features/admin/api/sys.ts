import type {
  LogClearResult,
  LogKeep,
  OperationLogPage,
  OperationLogQuery,
  ServerHealth,
} from '@app/shared';
import { api } from '../../../api/client.ts';

/** The operation log (`/api/sys/log/*`) and server health (`/api/sys/info/record`) calls. */
const operator = { session: 'operator' } as const;

export const sysKeys = {
  log: ['admin', 'sys-log'] as const,
  logPage: (query: Partial<OperationLogQuery>) => [...sysKeys.log, 'page', query] as const,
  keep: () => [...sysKeys.log, 'keep'] as const,
  info: ['admin', 'sys-info'] as const,
};

export const sysLog = {
  page: (query: Partial<OperationLogQuery>) =>
    api.get<OperationLogPage>('/sys/log/page', query, operator),
  clear: () => api.post<LogClearResult>('/sys/log/clear', undefined, operator),
  getKeep: () => api.get<LogKeep>('/sys/log/get-keep', undefined, operator),
  setKeep: (value: number) => api.post<LogKeep>('/sys/log/set-keep', { value }, operator),
};

export const sysInfo = {
  record: () => api.get<ServerHealth>('/sys/info/record', undefined, operator),
};
