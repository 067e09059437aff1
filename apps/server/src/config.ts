import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PORT } from '@app/shared';

const bool = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');
/** A switch whose default depends on other settings: undefined unless set to `1` or `0`. */
const switchOrDefault = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

/** Every environment variable the server reads; validated once at start-up. */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /**
     * The one switch for what only a demo or a developer's machine may expose: the dev outbox
     * (`/api/dev/outbox`, which shows every code sent), the simulators, the demo logins and
     * default operator password, the public API docs and `DEV_CAPTCHA_ANSWER`. Off unless set;
     * `npm start` sets it.
     */
    DEMO: bool,
    PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default('./data'),
    ROUTER_MODE: z.enum(['history', 'hash']).default('history'),
    SITE_NAME: z.string().default('Seller Hub'),
    PUBLIC_URL: z.string().url().optional(),
    CORS_ORIGINS: z.string().default(''),
    /** Origins (comma-separated) that menu entries with an external URL may embed in a frame. */
    FRAME_ORIGINS: z
      .string()
      .default('')
      .refine(
        (v) => v.split(',').every((o) => o.trim() === '' || URL.canParse(o.trim())),
        'comma-separated URLs, e.g. https://help.example.com',
      ),
    /** Trust X-Forwarded-For only from these proxies (comma-separated IPs/CIDRs); empty = the socket address. */
    TRUST_PROXY: z.string().default(''),
    REDIS_URL: z.string().optional(),
    /** Object storage is S3-compatible when S3_BUCKET is set, local disk under DATA_DIR/files otherwise. */
    S3_BUCKET: z.string().min(1).optional(),
    /** Default: AWS for S3_REGION; set it for MinIO, R2, the simulator (`npm run sim`) and the like. */
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool,
    /** Link objects at `<S3_PUBLIC_URL>/<key>` (a CDN or public bucket) instead of `/api/files/<key>`. */
    S3_PUBLIC_URL: z.string().url().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Seller Hub <no-reply@localhost>'),
    SMS_WEBHOOK_URL: z.string().url().optional(),
    DEV_CAPTCHA_ANSWER: z.string().optional(),
    /**
     * The demo seller and catalogue: seeded once on PGlite in a demo unless `0` (a server whose
     * tests bring their own data), on PostgreSQL only with `1`.
     */
    SEED_DEMO: switchOrDefault,
    /** Password of the first operator `admin`; with DEMO it defaults to the demo one. */
    ADMIN_PASSWORD: z.string().min(12).optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST: z.string().optional(),
    JOBS: z.enum(['on', 'off']).default('on'),
    /**
     * AES-256-GCM key for store credentials, 32 bytes as base64 or hex. Required in production;
     * elsewhere a key is generated once under DATA_DIR.
     */
    STORE_SECRET_KEY: z.string().optional(),
    /**
     * Marketplace simulators (`packages/sim`) for every marketplace without credentials:
     * mounted under `/__sim/*` and used by the connectors. Default on with DEMO, off without.
     */
    MARKETPLACE_SIM: z.enum(['on', 'off']).optional(),
    /** Where connectors reach the simulators; default this server's own `/__sim`. */
    SIM_BASE_URL: z.string().url().optional(),
    AMAZON_LWA_CLIENT_ID: z.string().min(1).optional(),
    AMAZON_LWA_CLIENT_SECRET: z.string().min(1).optional(),
    /** The SP-API application id (`amzn1.sellerapps.app...`) of the consent link. */
    AMAZON_APP_ID: z.string().min(1).optional(),
    /** Adds `version=beta` to consent links while the app is a draft. */
    AMAZON_APP_BETA: bool,
    /**
     * The Amazon SQS queue SP-API notifications (ORDER_CHANGE, LISTINGS_ITEM_STATUS_CHANGE) go
     * to, `https://sqs.<region>.amazonaws.com/<account>/<name>`, with an IAM key that may
     * receive and delete its messages; without it Amazon orders are read by polling alone.
     */
    AMAZON_SQS_QUEUE_URL: z
      .string()
      .regex(
        /^https:\/\/sqs\.[a-z0-9-]+\.amazonaws\.com\/\d{12}\/[A-Za-z0-9_-]{1,80}$/,
        'an Amazon SQS queue URL like https://sqs.us-east-1.amazonaws.com/123456789012/name',
      )
      .optional(),
    AMAZON_SQS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AMAZON_SQS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    SHOPIFY_API_KEY: z.string().min(1).optional(),
    SHOPIFY_API_SECRET: z.string().min(1).optional(),
    /** Admin API version (`YYYY-MM`, a quarter's month); default a supported one, see marketplaces/index.ts. */
    SHOPIFY_API_VERSION: z
      .string()
      .regex(/^\d{4}-(01|04|07|10)$/, 'a Shopify API version like 2026-01')
      .optional(),
    SHOPEE_PARTNER_ID: z.coerce.number().int().positive().optional(),
    SHOPEE_PARTNER_KEY: z.string().min(1).optional(),
    /** Default the production host; Shopee's test host is https://partner.test-stable.shopeemobile.com. */
    SHOPEE_API_URL: z.string().url().default('https://partner.shopeemobile.com'),
    /** Brazil's shops have their own partner host (reference 3.1). */
    SHOPEE_API_URL_BR: z.string().url().default('https://openplatform.shopee.com.br'),
    /** Shops of the China mainland seller centre (region `CN`); its test host is openplatform.test-stable.shopee.cn. */
    SHOPEE_API_URL_CN: z.string().url().default('https://openplatform.shopee.cn'),
    TEMU_APP_KEY: z.string().min(1).optional(),
    TEMU_APP_SECRET: z.string().min(1).optional(),
    /** Alipay merchant app; without it (and with simulators on) the Alipay simulator's test keys. */
    ALIPAY_APP_ID: z.string().min(1).optional(),
    /** The app's RSA private key, PEM (`\n` escapes allowed). */
    ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
    /** Alipay's RSA public key, PEM: verifies notifies and answers. */
    ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
    /** Default the production gateway, or the mounted simulator's without credentials. */
    ALIPAY_GATEWAY: z.string().url().optional(),
    /** Machine translation for multi-station copies and the editor; default libretranslate. */
    TRANSLATOR: z.enum(['libretranslate', 'deepl']).default('libretranslate'),
    /**
     * The translator's base URL (LibreTranslate: `http://localhost:5000`; DeepL:
     * `https://api-free.deepl.com` or `https://api.deepl.com`). Without it: DeepL's host for the
     * key, or the mounted LibreTranslate simulator while simulators are on.
     */
    TRANSLATOR_URL: z.string().url().optional(),
    /** LibreTranslate `api_key` (when the instance asks for one); DeepL auth key (required). */
    TRANSLATOR_API_KEY: z.string().min(1).optional(),
    /**
     * The ECB's site for the exchange-rate refresh (`exchange_rate.source` = `ecb`): default
     * `https://www.ecb.europa.eu`, or the mounted simulator's while simulators are on.
     */
    ECB_RATES_URL: z.string().url().optional(),
    /** Kuaidi100 carrier tracking (its enterprise `customer` and key); without them the simulator while simulators are on. */
    KUAIDI100_CUSTOMER: z.string().min(1).optional(),
    KUAIDI100_KEY: z.string().min(1).optional(),
    /** Default `https://poll.kuaidi100.com`, or the mounted simulator's without credentials. */
    KUAIDI100_URL: z.string().url().optional(),
    /**
     * log2 of scrypt's N for new password hashes. Below the ASVS minimum (17) only with DEMO: the
     * test suites' throw-away servers register and log in hundreds of users.
     */
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
    /**
     * The demo's story, with DEMO and the simulators: the simulators hold 60 days of orders and
     * place a new one every five minutes from the demo's first start, which queues each demo
     * store's first sync and then takes a handful of purchase orders through the loop. `off`:
     * the simulators' plain 30 days and no story (the test servers, which start many times).
     */
    DEMO_STORY: z.enum(['on', 'off']).default('on'),
    /** Seconds between a simulated parcel's events (the demo delivers in five steps). */
    TRACKING_SIM_STEP_SECONDS: z.coerce.number().int().positive().default(60),
    /**
     * The Shopify plan whose query-cost bucket the Shopify simulator keeps (its restore rate,
     * reference 2.3): e2e uses `plus`, so a first sync of the demo shop does not wait out
     * Standard's 100 points a second. The connector paces itself on the bucket either way.
     */
    SHOPIFY_SIM_PLAN: z.enum(['standard', 'advanced', 'plus', 'enterprise']).default('standard'),
    /**
     * Runs the every-minute job sweeps (shipment pushes, tracking polls, notification mails)
     * every this many seconds instead; only with DEMO (browser tests, which would otherwise
     * wait out the minute).
     */
    JOB_SWEEP_SECONDS: z.coerce.number().int().min(1).max(59).optional(),
    /**
     * How long a marketplace push claimed by a process stays its own: one that died (kill -9)
     * leaves its claims this long before another process sends them again (the connectors are
     * idempotent per package, so a second send of a live one is safe, only wasted).
     */
    SHIPMENT_PUSH_LEASE_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
    /**
     * Multiplies the per-IP sign-in, captcha and code limits; only with DEMO. Browser tests sign
     * in dozens of users a minute, all from 127.0.0.1; the per-account limits stay as they are.
     */
    AUTH_IP_LIMIT_SCALE: z.coerce.number().int().min(1).max(100).default(1),
  })
  .superRefine((c, ctx) => {
    if (c.S3_BUCKET) {
      for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!c[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'required with S3_BUCKET' });
      }
    }
    const pairs = [
      ['AMAZON_LWA_CLIENT_ID', 'AMAZON_LWA_CLIENT_SECRET', 'AMAZON_APP_ID'],
      ['AMAZON_SQS_QUEUE_URL', 'AMAZON_SQS_ACCESS_KEY_ID', 'AMAZON_SQS_SECRET_ACCESS_KEY'],
      ['SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET'],
      ['SHOPEE_PARTNER_ID', 'SHOPEE_PARTNER_KEY'],
      ['TEMU_APP_KEY', 'TEMU_APP_SECRET'],
      ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
    ] as const;
    for (const keys of pairs) {
      if (keys.some((k) => c[k] !== undefined) && !keys.every((k) => c[k] !== undefined)) {
        for (const k of keys.filter((k) => c[k] === undefined)) {
          ctx.addIssue({ code: 'custom', path: [k], message: `required with ${keys.join(', ')}` });
        }
      }
    }
    if (c.NODE_ENV === 'production' && !c.STORE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STORE_SECRET_KEY'],
        message: 'required in production: store credentials are encrypted with it',
      });
    }
    if (c.TRANSLATOR === 'deepl' && !c.TRANSLATOR_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRANSLATOR_API_KEY'],
        message: 'required with TRANSLATOR=deepl',
      });
    }
    if (c.NODE_ENV === 'production' && c.DEMO) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO'],
        message: 'must not be set in production: it exposes the codes sent and default logins',
      });
    }
    if (c.PASSWORD_HASH_COST < 17 && !c.DEMO) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: 'below 17 only with DEMO=1 (never in production)',
      });
    }
    if (c.JOB_SWEEP_SECONDS !== undefined && !c.DEMO) {
      ctx.addIssue({
        code: 'custom',
        path: ['JOB_SWEEP_SECONDS'],
        message: 'only with DEMO=1 (never in production)',
      });
    }
    if (c.AUTH_IP_LIMIT_SCALE !== 1 && !c.DEMO) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_IP_LIMIT_SCALE'],
        message: 'only with DEMO=1 (never in production)',
      });
    }
    if (c.DEV_CAPTCHA_ANSWER && !c.DEMO) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_CAPTCHA_ANSWER'],
        message: 'only with DEMO=1 (never in production)',
      });
    }
  });

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = { ...parsed.data, ...overrides };
  return { ...config, DATA_DIR: path.resolve(config.DATA_DIR) };
}

/**
 * Where this server's own files are reached from this server's jobs: PUBLIC_URL, else the
 * listening port on loopback (a connector that uploads image bytes, as Shopee's does, reads
 * `/api/files/...` there; without PUBLIC_URL a relative URL reached no one).
 */
export function ownBaseUrl(config: Config): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/$/, '');
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}

/** Whether start-up seeds the demo seller and catalogue: SEED_DEMO when set, else a PGlite demo. */
export function seedsDemo(config: Pick<Config, 'SEED_DEMO' | 'DEMO' | 'DATABASE_URL'>): boolean {
  return config.SEED_DEMO ?? (config.DEMO && !config.DATABASE_URL);
}
