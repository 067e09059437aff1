import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, OutboxMessage, OutboxQuery } from '@app/shared';
import type { App } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { listOutbox } from './service.ts';

/** Development only: index.ts does not register this in production. */
export function registerDevRoutes(app: App): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages kept by the development outbox (only with DEMO=1)',
        querystring: OutboxQuery,
        response: { 200: envelopeOf(z.array(OutboxMessage)) },
      },
      config: { access: { auth: 'public' } },
    },
    async (request) => ok(await listOutbox(request.ctx, request.query)),
  );
}
