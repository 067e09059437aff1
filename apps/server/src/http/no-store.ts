import type { FastifyReply } from 'fastify';
import type { Actor } from '../context.ts';

/**
 * Answers that belong to a signed-in actor (a non-public route, or any request that carried a
 * valid token) are never stored by a browser or a shared cache (ASVS 14.3): `Cache-Control:
 * no-store`, set as soon as the session is known. A route that chooses its own caching sets the
 * header again and replaces it (file downloads say `private, no-store`; stored files are
 * immutable and public by key). Set here rather than in an onSend hook, which cost every answer
 * a promise and a header lookup.
 */
export function markNoStore(reply: FastifyReply, signedInRoute: boolean, actor: Actor): void {
  if (signedInRoute || actor.kind !== 'anonymous') void reply.header('cache-control', 'no-store');
}
