import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operationLogs } from '../../db/schema.ts';

/** Reads change nothing, so only writes enter the operation log. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Field names whose values never enter the log (the audit log's rule, plus one-time codes). */
const SECRET = /password|pwd|hash|token|secret|credential|api_?key|captcha|verify_?code|^code$/i;
const PARAMS_MAX = 4000;
const PATH_MAX = 500;

function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET.test(k) ? '***' : masked(v)]),
  );
}

/** The JSON body as the log keeps it; multipart and other bodies are not kept. */
function paramsOf(request: FastifyRequest): string | null {
  const body = request.body;
  const json = String(request.headers['content-type'] ?? '').startsWith('application/json');
  if (!json || body === null || typeof body !== 'object') return null;
  const text = JSON.stringify(masked(body));
  return text.length > PARAMS_MAX ? `${text.slice(0, PARAMS_MAX)}…` : text;
}

/**
 * Writes one `operation_logs` row per write request of a signed-in user or operator, refused
 * ones included (who tried what matters as much as who did it). It runs after the answer is
 * sent, so the client never waits for it, and a failed insert is logged, never the request's
 * failure. Registered before the routes so every route gets it.
 */
export function registerOperationLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (READS.has(request.method) || !request.url.startsWith('/api/')) return;
    const ctx = request.ctx;
    const actor = ctx?.actor;
    if (actor?.kind !== 'user' && actor?.kind !== 'admin') return;
    try {
      await ctx.db.insert(operationLogs).values({
        actorKind: actor.kind,
        actorId: actor.kind === 'user' ? actor.userId : actor.adminId,
        sellerId: actor.kind === 'user' ? actor.sellerId : null,
        method: request.method,
        path: request.url.split('?')[0]!.slice(0, PATH_MAX),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        ip: ctx.ip,
        params: paramsOf(request),
      });
    } catch (err) {
      request.log.warn({ err }, 'operation log row not written');
    }
  });
}
