import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditHistoryQuery, AuditPage, AuditQuery } from '@app/shared';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { auditHistory, searchAudit } from './service.ts';

const tags = ['audit'];

/** `/api/audit/*`: the seller's change history, for the boss. */
export function registerAuditRoutes(app: App): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(
    r,
    {
      method: 'GET',
      url: '/api/audit/index',
      tags,
      summary: 'Every recorded change of the seller, by object, user and date, newest first',
      querystring: AuditQuery,
      response: AuditPage,
      access: { auth: 'user', boss: true },
    },
    (ctx, input) => searchAudit(ctx, input),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/audit/history',
      tags,
      summary: 'The history of one object (`object=order&id=…`), newest first',
      querystring: AuditHistoryQuery,
      response: AuditPage,
      access: { auth: 'user', boss: true },
    },
    (ctx, input) => auditHistory(ctx, input),
  );
}
