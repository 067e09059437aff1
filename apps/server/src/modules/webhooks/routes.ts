import type { App, AppDeps } from '../../http/deps.ts';
import { receiveShopifyWebhook } from './shopify.ts';

/** Shopify's documented webhook size is far below this; anything bigger is not Shopify's. */
const BODY_LIMIT = 1024 * 1024;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * `POST /api/webhooks/shopify`: every Shopify topic, the app's and the mandatory privacy ones
 * (README "Going live"). The HMAC is computed over the raw body, so this scope keeps JSON as
 * bytes; public, the signature is what authenticates it.
 */
export function registerWebhookRoutes(app: App, deps: AppDeps): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/webhooks/shopify',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Shopify webhooks (HMAC-SHA256 of the raw body; 401 when it does not match)',
          hide: true,
        },
        config: { access: { auth: 'public' } },
      },
      async (request, reply) => {
        const outcome = await receiveShopifyWebhook(
          {
            db: request.ctx.db,
            log: request.log,
            connectors: deps.connectors,
            jobs: deps.jobs,
          },
          {
            topic: header(request.headers['x-shopify-topic']) ?? '',
            shop: header(request.headers['x-shopify-shop-domain']) ?? '',
            hmac: header(request.headers['x-shopify-hmac-sha256']),
            rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          },
        );
        return reply.status(outcome === 'ok' ? 200 : 401).send();
      },
    );
  });
}
