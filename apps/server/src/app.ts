import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { registerAccessControl } from './http/access.ts';
import { contentSecurityDirectives } from './http/content-security.ts';
import { registerCompression } from './http/compression.ts';
import type { App, AppDeps } from './http/deps.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { serializerCompiler } from './http/serializer.ts';
import { registerSimulators } from './http/simulators.ts';
import { registerWebApp } from './http/web-app.ts';
import { simulatorsEnabled } from './integrations/marketplaces/index.ts';
import { registerModules } from './modules/index.ts';

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
              // Downloads and the upload URL take the token as `?token=`; keep it out of the logs.
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
  // Set when the request arrives (errors keep it): an onSend hook cost every answer a promise.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: contentSecurityDirectives(config) },
    hsts: { maxAge: HSTS_ONE_YEAR, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await registerCompression(app);
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
  // The interactive docs and their JSON only for a demo: production does not publish its API map.
  if (config.DEMO) await app.register(swaggerUi, { routePrefix: '/api/docs' });

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
