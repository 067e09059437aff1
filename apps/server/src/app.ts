import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { NotFoundError } from './errors.ts';
import { registerAccessControl } from './http/access.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { serializerCompiler } from './http/serializer.ts';
import { registerSimulators } from './http/simulators.ts';
import { simulatorsEnabled, type Connectors } from './integrations/marketplaces/index.ts';
import type { Messenger } from './integrations/messenger.ts';
import { directUploadOrigin, type ObjectStorage } from './integrations/object-storage.ts';
import type { JobRunner } from './jobs/runner.ts';
import { registerModules } from './modules/index.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  messenger: Messenger;
  jobs: JobRunner;
  storage: ObjectStorage;
  /** One connector per available marketplace (`createMarketplaceConnectors`). */
  connectors: Connectors;
}

export type App = FastifyInstance;

const HSTS_ONE_YEAR = 31_536_000;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'req.headers["x-token-expire"]',
            ],
            serializers: {
              // The upload route takes the token as `?token=`; keep it out of the logs.
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: req.url.replace(/([?&]token=)[^&]*/gi, '$1[Redacted]'),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY.split(',').map((p) => p.trim()) : false,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  const uploadOrigin = directUploadOrigin(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // Direct uploads (get-oss-sts) PUT to the bucket itself.
        connectSrc: uploadOrigin ? ["'self'", uploadOrigin] : ["'self'"],
        frameSrc: ["'self'", 'https:', 'http:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: { maxAge: HSTS_ONE_YEAR, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const origins = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (origins.length > 0) await app.register(cors, { origin: origins, credentials: true });

  // Counters in Redis are shared by every server process; in memory they are this process's own.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, { global: false, ...(redis ? { redis } : {}) });

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.SITE_NAME} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandling(app);
  registerAccessControl(app, deps.database.db);

  app.get(
    '/api/health',
    { config: { access: { auth: 'public' } }, schema: { hide: true } },
    async () => ({
      code: 0,
      data: { status: 'ok', database: deps.database.kind },
      message: 'success',
    }),
  );

  await registerModules(app, deps);
  if (simulatorsEnabled(config) && !config.SIM_BASE_URL) await registerSimulators(app, config);
  registerWebApp(app, config);
  return app;
}

/** Serves the built SPA with history-mode fallback; unknown `/api` paths answer the 404 envelope. */
function registerWebApp(app: FastifyInstance, config: Config): void {
  const dist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : null;
  const hasDist = dist !== null && fs.existsSync(path.join(dist, 'index.html'));
  if (hasDist) {
    void app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
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
    if (hasDist && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new NotFoundError('common.route_not_found', { method: request.method, url });
  });
}
