import { MARKET_SITES, type BuiltInGroup, type Marketplace } from '@app/shared';
import { createMarketplaceSimulators, type SimGrant } from '@app/sim';
import type { Config } from '../config.ts';
import type { Ctx } from '../context.ts';
import { simulatorStateDir } from '../http/simulators.ts';
import { simulatorsEnabled } from '../integrations/marketplaces/index.ts';
import { storeSecretBox, type SecretBox } from '../integrations/secret-box.ts';
import { sealAuth, setStaff } from '../modules/markets/service.ts';
import { alignDemoSkus } from '../modules/orders/index.ts';
import { eq } from 'drizzle-orm';
import { groups, stores, userGroups, users } from '../db/schema.ts';
import { sellerIdOf } from '../tenancy.ts';

/**
 * Staff of the demo seller; they sign in with the boss's demo password and see only their stores,
 * with the permissions of one built-in group each.
 */
export const DEMO_STAFF = [
  { email: 'staff1@example.com', name: 'Demo Staff 1', store: 'amazon', group: 'lister' },
  { email: 'staff2@example.com', name: 'Demo Staff 2', store: 'shopify', group: 'order_clerk' },
] as const satisfies ReadonlyArray<{
  email: string;
  name: string;
  store: Marketplace;
  group: BuiltInGroup;
}>;

/**
 * One sandbox store per marketplace: the account each simulator is asked to grant, on which
 * site. Amazon, Shopee and Temu use the accounts their consent pages offer by default, so
 * authorizing the demo seller again updates these stores instead of adding new ones. An alias is
 * the seller's own text, written once: the demo's are in zh-CN, the product's first language.
 */
const DEMO_STORES: Array<{
  marketplace: Marketplace;
  site: string;
  account: string;
  alias: string;
}> = [
  { marketplace: 'amazon', site: 'US', account: 'A3SIMSELLER0001', alias: '亚马逊美国站（演示）' },
  {
    marketplace: 'shopify',
    site: 'GLOBAL',
    account: 'demo-shop.myshopify.com',
    alias: 'Shopify 演示店',
  },
  { marketplace: 'shopee', site: 'SG', account: '322300222', alias: 'Shopee 新加坡站（演示）' },
  { marketplace: 'temu', site: 'US', account: '634418212233', alias: 'Temu 美国站（演示）' },
];

export interface DemoStoreOptions {
  box: SecretBox;
  /** The marketplace simulators, whose `grant` stands in for the seller's consent. */
  simulators: Record<Marketplace, { grant(account: string, site: string): SimGrant }>;
}

/**
 * What the demo stores need when the simulators are on: the credentials box, and simulators
 * sharing the mounted ones' state files (Shopee's remembers its shops).
 */
export function demoStoreOptions(config: Config): DemoStoreOptions | undefined {
  if (!simulatorsEnabled(config)) return undefined;
  return {
    box: storeSecretBox(config),
    simulators: createMarketplaceSimulators({ stateDir: simulatorStateDir(config) }),
  };
}

/**
 * The demo seller's sandbox stores, authorized on the simulators (tokens are stateless, so
 * they work against the simulators the server mounts), and two staff users with a store each.
 * Runs in the transaction that creates the demo seller, with the system ctx acting for it. Stores
 * and staff users are written at table level: a store is only ever made by the marketplace's
 * OAuth callback (a signed single-use state the seed has no browser for), and no service creates
 * staff accounts; assigning the stores goes through the markets service.
 */
export async function seedDemoStores(
  ctx: Ctx,
  passwordHash: string,
  opts: DemoStoreOptions,
): Promise<void> {
  const { db } = ctx;
  const sellerId = sellerIdOf(ctx);
  const storeIds = new Map<Marketplace, number>();
  for (const demo of DEMO_STORES) {
    const site = MARKET_SITES.find(
      (s) => s.marketplace === demo.marketplace && s.code === demo.site,
    );
    if (!site) throw new Error(`No ${demo.marketplace} site ${demo.site}`);
    const auth = opts.simulators[demo.marketplace].grant(demo.account, demo.site);
    const [row] = await db
      .insert(stores)
      .values({
        ...sealAuth(opts.box, auth),
        sellerId,
        marketplace: demo.marketplace,
        marketSiteId: site.id,
        alias: demo.alias,
        account: auth.account,
        source: 'sandbox',
      })
      .returning({ id: stores.id });
    storeIds.set(demo.marketplace, row!.id);
  }

  // The boss's hash: the same demo password, and no second scrypt run while the seed lock is held.
  const staff = await db
    .insert(users)
    .values(
      DEMO_STAFF.map((s) => ({
        sellerId,
        name: s.name,
        email: s.email,
        passwordHash,
        isBoss: false,
        // Demo logins need no mailbox: their addresses count as proven.
        emailVerifiedAt: new Date(),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  for (const user of staff) {
    const demo = DEMO_STAFF.find((s) => s.email === user.email);
    const storeId = demo && storeIds.get(demo.store);
    if (storeId) await setStaff(ctx, { id: storeId, staff_ids: [user.id] });
    const [group] = demo
      ? await db.select({ id: groups.id }).from(groups).where(eq(groups.key, demo.group))
      : [];
    if (group) await db.insert(userGroups).values({ userId: user.id, groupId: group.id });
  }
  await alignDemoSkus(db, sellerId);
}
