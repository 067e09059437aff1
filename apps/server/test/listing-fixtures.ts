import type { createMarketplaceSimulators } from '@app/sim';
import sharp from 'sharp';
import { expect } from 'vitest';
import { gs1CheckDigit, MARKET_SITES } from '@app/shared';
import type { App } from '../src/http/deps.ts';
import type { Executor } from '../src/db/client.ts';
import { stores, upcCodes } from '../src/db/schema.ts';
import type { Config } from '../src/config.ts';
import { newObjectKey, type ObjectStorage } from '../src/integrations/object-storage.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { sealAuth } from '../src/modules/markets/service.ts';
import { call } from './helper.ts';

type Sims = ReturnType<typeof createMarketplaceSimulators>;

/** An authorized sandbox Amazon store on `site` whose tokens the simulator issued. */
export async function amazonStore(
  db: Executor,
  config: Config,
  sims: Sims,
  sellerId: number,
  opts: { site?: string; account?: string; alias?: string } = {},
) {
  const info = MARKET_SITES.find(
    (s) => s.marketplace === 'amazon' && s.code === (opts.site ?? 'US'),
  )!;
  const account = opts.account ?? `A${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
  const auth = sims.amazon.grant(account, info.code);
  const [row] = await db
    .insert(stores)
    .values({
      ...sealAuth(storeSecretBox(config), auth),
      sellerId,
      marketplace: 'amazon',
      marketSiteId: info.id,
      alias: opts.alias ?? `Amazon ${info.code}`,
      account,
      source: 'sandbox',
    })
    .returning();
  return row!;
}

/** An authorized sandbox Shopify store (site 101) whose tokens the simulator issued. */
export async function shopifyStore(
  db: Executor,
  config: Config,
  sims: Sims,
  sellerId: number,
  opts: { shop?: string; alias?: string } = {},
) {
  const account = opts.shop ?? `shop-${Math.random().toString(36).slice(2, 10)}.myshopify.com`;
  const auth = sims.shopify.grant(account, 'GLOBAL');
  const [row] = await db
    .insert(stores)
    .values({
      ...sealAuth(storeSecretBox(config), auth),
      sellerId,
      marketplace: 'shopify',
      marketSiteId: 101,
      alias: opts.alias ?? 'Shopify',
      account,
      source: 'sandbox',
    })
    .returning();
  return row!;
}

/** An authorized store of a simulator marketplace (Temu US, Shopee SG), as "sandbox". */
export async function simStore(
  db: Executor,
  config: Config,
  sims: Sims,
  sellerId: number,
  marketplace: 'temu' | 'shopee',
  opts: { account?: string; alias?: string } = {},
) {
  const code = marketplace === 'temu' ? 'US' : 'SG';
  const site = MARKET_SITES.find((s) => s.marketplace === marketplace && s.code === code)!;
  const account = opts.account ?? String(100000 + Math.floor(Math.random() * 800000));
  const auth = sims[marketplace].grant(account, code);
  const [row] = await db
    .insert(stores)
    .values({
      ...sealAuth(storeSecretBox(config), auth),
      sellerId,
      marketplace,
      marketSiteId: site.id,
      alias: opts.alias ?? `${marketplace} ${code}`,
      account: auth.account,
      source: 'sandbox',
    })
    .returning();
  return row!;
}

/** An image stored as an upload of the seller; white with a centred red square by default. */
export async function storedImage(
  storage: ObjectStorage,
  sellerId: number,
  opts: { size?: number; background?: string } = {},
): Promise<string> {
  const size = opts.size ?? 1200;
  const square = Math.round(size / 2);
  const bytes = await sharp({
    create: { width: size, height: size, channels: 3, background: opts.background ?? '#ffffff' },
  })
    .composite([
      {
        input: await sharp({
          create: { width: square, height: square, channels: 3, background: '#cc2244' },
        })
          .png()
          .toBuffer(),
        left: Math.round((size - square) / 2),
        top: Math.round((size - square) / 2),
      },
    ])
    .jpeg()
    .toBuffer();
  const key = newObjectKey(sellerId, 'jpg');
  await storage.put(key, bytes, 'image/jpeg');
  return storage.url(key);
}

/** A valid UPC-A from an 11-digit body. */
export const upc = (body: string) => `${body}${gs1CheckDigit(body)}`;

/** Free UPC codes in the seller's pool. */
export async function freeCodes(db: Executor, sellerId: number, bodies: string[]) {
  await db.insert(upcCodes).values(
    bodies.map((b) => {
      const code = upc(b);
      return { sellerId, code, gtin13: code.padStart(13, '0'), kind: 'upc' as const };
    }),
  );
}

/** Polls the job until it ends; returns its row as `GET /api/jobs/:id` answers it. */
export async function waitForJob(app: App, token: string, jobId: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await call(app, 'GET', `/api/jobs/${jobId}`, { token });
    if (body.data && ['succeeded', 'failed'].includes(body.data.status)) return body.data;
    if (Date.now() > until) throw new Error(`job ${jobId} did not finish: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function expectFields(
  body: { data: { fields?: Record<string, string> } },
  ...names: string[]
) {
  for (const name of names) expect(body.data.fields, name).toHaveProperty([name]);
}
