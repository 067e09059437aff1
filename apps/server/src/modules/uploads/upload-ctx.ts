import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import type { UploadCtx } from './service.ts';

/** The request's context plus object storage, for every route that reads or writes files. */
export const uploadCtx = (request: FastifyRequest, deps: AppDeps): UploadCtx => ({
  ...request.ctx,
  storage: deps.storage,
});
