import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { NotFoundError } from '../errors.ts';

/** Vite names every file under `assets/` by its content hash: a new build means a new name. */
const HASHED = `${path.sep}assets${path.sep}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA with history-mode fallback; unknown `/api` paths answer the 404 envelope.
 * The build writes a `.br` and a `.gz` beside every text file, which are sent as they are to
 * clients that accept them. Hashed assets are cached for a year; everything else (index.html,
 * the favicon) is revalidated on every load, so a deployment shows at once.
 */
export function registerWebApp(app: FastifyInstance, config: Config): void {
  const dist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : null;
  const hasDist = dist !== null && fs.existsSync(path.join(dist, 'index.html'));
  if (hasDist) {
    void app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) =>
        void reply.header('cache-control', filePath.includes(HASHED) ? IMMUTABLE : 'no-cache'),
    });
  }

  app.get('/app-config.js', { schema: { hide: true } }, async (_request, reply) => {
    const runtime = { routerMode: config.ROUTER_MODE, siteName: config.SITE_NAME };
    return reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(`window.__APP_CONFIG__ = ${JSON.stringify(runtime)};\n`);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' &&
      !url.startsWith('/api') &&
      !url.startsWith('/__sim') &&
      !path.extname(url);
    if (hasDist && wantsPage) return reply.sendFile('index.html');
    throw new NotFoundError('common.route_not_found', { method: request.method, url });
  });
}
