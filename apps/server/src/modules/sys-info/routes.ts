import { permOf, ServerHealth } from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { serverHealth } from './service.ts';

/** `sys:info:record`, seeded with the operator's "Server" page. */
export const INFO_RECORD_PERM = permOf('/sys/info', 'record');

/** `/api/sys/info/record`: the server's health for the operator console. */
export function registerSysInfoRoutes(app: App, deps: AppDeps): void {
  const health = { databaseKind: deps.database.kind, dataDir: deps.config.DATA_DIR };
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/info/record',
      tags: ['sys/info'],
      summary: 'Server health: version, uptime, database size, jobs per status, disk, memory',
      response: ServerHealth,
      access: { auth: 'admin', perm: INFO_RECORD_PERM },
    },
    (ctx) => serverHealth(ctx, health),
  );
}
