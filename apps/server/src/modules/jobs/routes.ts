import { envelopeOf, JobIdParams, JobState } from '@app/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { getJob } from './service.ts';

export function registerJobRoutes(app: App): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/jobs/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Progress of a background job',
        params: JobIdParams,
        response: { 200: envelopeOf(JobState) },
      },
      config: { access: { auth: 'any' } },
    },
    async (request) => ok(await getJob(request.ctx, request.params)),
  );
}
