import { sql } from 'drizzle-orm';
import { BOSS_ONLY_PERM_PREFIX, type BuiltInGroup } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { groups } from '../../db/schema.ts';

/**
 * The account's money: balance, recharge, payments, the ledger and bills (the finance pages) and
 * paying at checkout. Only the finance group holds these among the built-ins.
 */
const MONEY = [
  'my:accountPay:pay',
  'my:recharge:',
  'my:consume:',
  'my:freezerecords:',
  'my:platformbill:',
];
export const isMoneyPerm = (perm: string): boolean =>
  MONEY.some((prefix) => perm.startsWith(prefix)) || perm === 'goods:checkout:pay';

const under = (perm: string, prefixes: string[]) => prefixes.some((p) => perm.startsWith(p));

/** Seeing the stores is needed by every store-bound page (their store filters). */
const STORE_LIST = 'market:index:list';
/** Reading purchase orders (no paying, no cancelling): following what was bought ship. */
const PO_READ = 'my:accountPay:list';

/** What each built-in group holds, chosen from the seller tree's permissions by page. */
const RULES: Record<BuiltInGroup, (perm: string) => boolean> = {
  // Product libraries, listings, their templates, UPC codes and materials.
  lister: (p) =>
    p === STORE_LIST ||
    under(p, [
      'goods:productHouse',
      'goods:collect',
      'goods:MyPorductHowse',
      'goods:relativeGoods',
      'goods:materialMmt',
      'goods:shopifyyun',
      'goods:temuyun',
      'goods:shopeeyun',
      'goods:template',
      'goods:priceTemplate',
      'goods:upc',
    ]),
  // The desk, and the purchase orders its orders were bought through, to follow their shipping.
  order_clerk: (p) => p === STORE_LIST || p === PO_READ || p.startsWith('newOrder:'),
  // Money, purchasing (cart and checkout) and statistics.
  finance: (p) =>
    p === STORE_LIST ||
    isMoneyPerm(p) ||
    under(p, ['goods:shoppingcart:', 'goods:checkout:', 'my:statistics', 'my:storestatistics']) ||
    under(p, ['my:statisticsorders', 'my:salesstatistics', 'my:productStatistics', 'my:orderData']),
  viewer: (p) => /:(list|info)$/.test(p) && !isMoneyPerm(p),
};

const NAMES: Record<BuiltInGroup, string> = {
  lister: 'Lister',
  order_clerk: 'Order clerk',
  finance: 'Finance',
  viewer: 'Viewer',
};

export function builtInPermissions(group: BuiltInGroup, sellerPerms: string[]): string[] {
  return sellerPerms.filter((p) => !p.startsWith(BOSS_ONLY_PERM_PREFIX) && RULES[group](p));
}

/**
 * Writes the built-in groups from the seller tree's permissions, on every start: a permission
 * added to the tree reaches them, and they stay read-only for sellers.
 */
export async function seedBuiltInGroups(db: Executor, sellerPerms: string[]): Promise<void> {
  const rows = (Object.keys(RULES) as BuiltInGroup[]).map((key) => ({
    key,
    name: NAMES[key],
    builtIn: true,
    sellerId: null,
    permissions: builtInPermissions(key, sellerPerms),
  }));
  await db
    .insert(groups)
    .values(rows)
    .onConflictDoUpdate({
      target: groups.key,
      set: {
        name: sql`excluded.name`,
        permissions: sql`excluded.permissions`,
        updatedAt: sql`now()`,
      },
    });
}
