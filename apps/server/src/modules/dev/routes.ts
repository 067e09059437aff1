import { z } from 'zod';
import { OutboxMessage, OutboxQuery } from '@app/shared';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { listOutbox } from './service.ts';

/** Development only: index.ts does not register this in production. */
export function registerDevRoutes(app: App): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/dev/outbox',
      tags: ['dev'],
      summary: 'Messages kept by the development outbox (only with DEMO=1)',
      querystring: OutboxQuery,
      response: z.array(OutboxMessage),
      access: { auth: 'public' },
    },
    (ctx, input) => listOutbox(ctx, input),
  );
}
