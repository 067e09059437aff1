import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { envelopeOf } from '@app/shared';
import type { Ctx } from '../context.ts';
import type { Access } from './access.ts';
import type { App } from './deps.ts';
import { ok } from './envelope.ts';

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** The parsed body, or else the parsed query string: a route reads one of them as its input. */
export type RouteInput<B extends Schema, Q extends Schema> = B extends z.ZodType
  ? z.output<B>
  : Out<Q>;

export type RouteRequest<B extends Schema, Q extends Schema, P extends Schema> = FastifyRequest<{
  Body: Out<B>;
  Querystring: Out<Q>;
  Params: Out<P>;
}>;

/** Route-level hooks, such as the auth rate limits, spread into the route as they are. */
type RouteHooks = Pick<
  RouteShorthandOptions,
  'onRequest' | 'preHandler' | 'onError' | 'onResponse'
>;

export interface RouteSpec<
  B extends Schema,
  Q extends Schema,
  P extends Schema,
  R extends z.ZodType,
> extends RouteHooks {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  tags: string[];
  summary: string;
  body?: B;
  querystring?: Q;
  params?: P;
  /** Request headers the route reads (the idempotency key), for validation and the document. */
  headers?: z.ZodType;
  /** The `data` of the envelope; the route answers `{ code: 0, data, message }`. */
  response: R;
  /** Who may call it (`registerAccessControl`); the API document shows it too. */
  access: Access;
  tokenInQuery?: boolean;
  /** `multipart/form-data` for uploads, read by the handler itself. */
  consumes?: string[];
  security?: Record<string, string[]>[];
}

/**
 * One envelope per response schema, so the serializer compiled for it (http/serializer.ts) serves
 * every route and every app built in this process that answers with that schema.
 */
const envelopes = new WeakMap<z.ZodType, z.ZodType>();
function envelope(response: z.ZodType): z.ZodType {
  let wrapped = envelopes.get(response);
  if (!wrapped) {
    wrapped = envelopeOf(response);
    envelopes.set(response, wrapped);
  }
  return wrapped;
}

/**
 * Declares a JSON route in one call: its schemas, who may call it and its API documentation,
 * with the answer wrapped in the envelope. The handler gets the request context, the validated
 * body (or query string) and the request, typed from the zod schemas, and returns the
 * envelope's `data`. Routes that stream files, set headers or answer outside the envelope keep
 * Fastify's own form, which gives them the reply.
 */
export function route<
  R extends z.ZodType,
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
>(
  app: App,
  spec: RouteSpec<B, Q, P, R>,
  handler: (
    ctx: Ctx,
    input: RouteInput<B, Q>,
    request: RouteRequest<B, Q, P>,
  ) => Promise<z.output<R>> | z.output<R>,
): void {
  const { method, url, tags, summary, body, querystring, params, response, access } = spec;
  const { headers, tokenInQuery, consumes, security, onRequest, preHandler, onError, onResponse } =
    spec;
  app.route({
    method,
    url,
    schema: {
      tags,
      summary,
      ...(security && { security }),
      ...(consumes && { consumes }),
      ...(headers && { headers }),
      ...(params && { params }),
      ...(querystring && { querystring }),
      ...(body && { body }),
      response: { 200: envelope(response) },
    },
    config: { access, ...(tokenInQuery && { tokenInQuery }) },
    ...(onRequest && { onRequest }),
    ...(preHandler && { preHandler }),
    ...(onError && { onError }),
    ...(onResponse && { onResponse }),
    handler: async (request) => {
      // The validator compiler has parsed body, query and params with these schemas already.
      const typed = request as unknown as RouteRequest<B, Q, P>;
      const input = (body ? typed.body : typed.query) as RouteInput<B, Q>;
      return ok(await handler(request.ctx, input, typed));
    },
  });
}
