import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` sends none of the security headers on this route (the simulators). */
    securityHeaders?: false;
  }
}

/**
 * The headers helmet writes for `options`. Our policy has no per-request part (no nonces), so
 * it is computed once here instead of helmet parsing its options on every request.
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/** Sends the same security headers (ASVS 3.4) on every answer, pages and API alike. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config?.securityHeaders !== false) void reply.headers(headers);
    done();
  });
}
