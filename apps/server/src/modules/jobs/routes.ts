import { JobIdParams, JobState } from '@app/shared';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { getJob } from './service.ts';

export function registerJobRoutes(app: App): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/jobs/:id',
      tags: ['jobs'],
      summary: 'Progress of a background job',
      params: JobIdParams,
      response: JobState,
      access: { auth: 'any' },
    },
    (ctx, _input, request) => getJob(ctx, request.params),
  );
}
