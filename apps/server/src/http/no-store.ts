import type { FastifyInstance } from 'fastify';

/**
 * Answers that belong to a signed-in actor (a non-public route, or any request that carried a
 * valid token) are never stored by a browser or a shared cache (ASVS 14.3): `Cache-Control:
 * no-store` unless the route chose its own caching (file downloads already say `private,
 * no-store`; stored files are immutable and public by key).
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    const access = request.routeOptions.config?.access;
    const signedIn = request.ctx?.actor !== undefined && request.ctx.actor.kind !== 'anonymous';
    if ((access && access.auth !== 'public') || signedIn)
      void reply.header('cache-control', 'no-store');
    return payload;
  });
}
