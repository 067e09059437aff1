import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { Config } from '../config.ts';
import { systemCtx } from '../context.ts';
import type { ObjectStorage } from '../integrations/object-storage.ts';
import { createTenant, hashPassword } from '../modules/auth/index.ts';
import { seedTemplateRules } from '../modules/templates/index.ts';
import { seedTasks } from '../modules/sys-tasks/index.ts';
import { seedHelpCenter } from '../modules/help/index.ts';
import { seedParams } from '../modules/sys-params/index.ts';
import { seedSuperRole } from '../modules/sys-role/index.ts';
import { listScope, permsFromRows } from '../modules/menus/index.ts';
import { seedBuiltInGroups } from '../modules/team/index.ts';
import { backfillFigures } from '../modules/statistics/index.ts';
import type { Db, Executor } from '../db/client.ts';
import { seedCatalog } from './catalog.ts';
import { seedGoods, type DeferredJob } from './goods.ts';
import type { DesignDeps } from '../modules/design/index.ts';
import { creditDemoBalance } from '../modules/finance/index.ts';
import { seedDemoStores, type DemoStoreOptions } from './markets.ts';
import { bumpRevision, MENUS_REVISION } from '../db/revisions.ts';
import { adminUsers, factories, memberLevels, users } from '../db/schema.ts';
import { LOCKS } from '../db/locks.ts';
import { seedMenuTrees } from './menus.ts';

export const DEMO_LOGINS = {
  seller: {
    email: 'demo@example.com',
    mobile: '13800138000',
    password: 'Demo@123456',
    payPassword: '135790',
  },
  admin: { username: 'admin', password: 'Admin@123456' },
} as const;

/** Seeds log nothing: they run at every start and in every test database. */
const SILENT = pino({ level: 'silent' });

/**
 * Member levels and the first operator are reference data written at table level: no service
 * creates them (operators manage levels and accounts afterwards).
 */
const MEMBER_LEVELS = [
  { orderNum: 0, name: '普通会员', nameEn: 'Regular', priceMinor: 0, discountPercent: 0 },
  { orderNum: 1, name: '白银会员', nameEn: 'Silver', priceMinor: 29_900, discountPercent: 5 },
  { orderNum: 2, name: '黄金会员', nameEn: 'Gold', priceMinor: 59_900, discountPercent: 10 },
  { orderNum: 3, name: '钻石会员', nameEn: 'Diamond', priceMinor: 99_900, discountPercent: 15 },
];

async function seedMemberLevels(db: Executor): Promise<void> {
  const existing = await db.select({ orderNum: memberLevels.orderNum }).from(memberLevels);
  const have = new Set(existing.map((l) => l.orderNum));
  const missing = MEMBER_LEVELS.filter((l) => !have.has(l.orderNum));
  if (missing.length > 0) await db.insert(memberLevels).values(missing);
}

/** Two demo factories; the first takes every product without a factory of its own. */
const FACTORIES = [
  {
    code: 'SZ-LH',
    name: '深圳龙华印花工厂',
    nameEn: 'Shenzhen Longhua print works',
    isDefault: true,
  },
  { code: 'YW-WH', name: '义乌仓', nameEn: 'Yiwu warehouse', isDefault: false },
];

async function seedFactories(db: Executor): Promise<void> {
  await db.insert(factories).values(FACTORIES).onConflictDoNothing();
}

async function seedOperator(db: Db, password: string): Promise<void> {
  const { username } = DEMO_LOGINS.admin;
  const [found] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(adminUsers.username, username))
    .limit(1);
  if (found) return;
  const passwordHash = await hashPassword(password);
  await db
    .insert(adminUsers)
    .values({ username, name: 'Administrator', passwordHash })
    .onConflictDoNothing();
}

/** The first operator's password: ADMIN_PASSWORD, or the demo one only in a demo (else none is created). */
export function operatorPasswordFor(
  config: Pick<Config, 'ADMIN_PASSWORD' | 'DEMO'>,
): string | null {
  return config.ADMIN_PASSWORD ?? (config.DEMO ? DEMO_LOGINS.admin.password : null);
}

/**
 * Reference data every start needs: member levels, the seller and operator menu trees, the
 * factories and the first operator (`admin`, when a password for it is given). Safe to run on every start: it
 * only inserts entries it never inserted before, so edits and deletions made through sys/menu
 * survive restarts.
 */
export async function seedBase(
  db: Db,
  opts: { operatorPassword: string | null } = { operatorPassword: DEMO_LOGINS.admin.password },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.seed})`);
    await seedMemberLevels(tx);
    await seedMenuTrees(tx);
    await seedFactories(tx);
    await seedBuiltInGroups(tx, permsFromRows(await listScope(tx, 'seller')));
    await seedTemplateRules(tx);
    await seedTasks(tx);
    await seedHelpCenter(tx);
    await bumpRevision(tx, MENUS_REVISION);
    await backfillFigures(tx);
  });
  if (opts.operatorPassword) await seedOperator(db, opts.operatorPassword);
  await seedParams(db);
  // After the operator: the first start with roles gives every operator the super role.
  await seedSuperRole({ db });
}

/**
 * Fills an empty catalogue (its pictures go to `storage`) and creates the demo seller, its boss
 * account and the demo finished goods once, with sandbox stores and staff when `stores` is
 * given (simulators on); true only when this call created the seller.
 */
export async function seedDemo(
  db: Db,
  opts: {
    storage?: ObjectStorage;
    stores?: DemoStoreOptions;
    /** Where the demo designs' render jobs go, once the seed has committed. */
    jobs?: DesignDeps['jobs'];
  } = {},
): Promise<boolean> {
  await seedCatalog(db, { storage: opts.storage });
  const { email, mobile, password } = DEMO_LOGINS.seller;
  const exists = async (executor: Executor) =>
    (await executor.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))
      .length > 0;
  if (await exists(db)) {
    await ensureDemoPayPassword(db);
    return false;
  }

  const passwordHash = await hashPassword(password);
  const payPasswordHash = await hashPassword(DEMO_LOGINS.seller.payPassword);
  const deferred: DeferredJob[] = [];
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.seed})`);
    if (await exists(tx)) return false;
    // The tenant the way sign-up makes one (lowest member level, boss user), in this transaction.
    const system = systemCtx(tx, SILENT, { inTransaction: true });
    const { sellerId } = await createTenant(system, {
      sellerName: 'Demo Trading Co.',
      boss: {
        name: 'Demo Boss',
        email,
        mobile,
        passwordHash,
        payPasswordHash,
        emailVerified: true,
      },
    });
    deferred.push(...(await seedGoods(system, sellerId, { storage: opts.storage })));
    // A balance to buy production with, so the first visit can run the whole loop; credited
    // through the ledger as any recharge is, and shown in the ledger as a demo credit.
    await creditDemoBalance(tx, sellerId);
    if (opts.stores) {
      const seller = systemCtx(tx, SILENT, { sellerId, inTransaction: true });
      await seedDemoStores(seller, passwordHash, opts.stores);
    }
    return true;
  });
  // Queued after the commit, as a request's save queues its render.
  for (const job of deferred) await opts.jobs?.enqueue(job);
  return created;
}

/** A demo seller seeded before pay passwords were seeded gets one, so checkout can be tried. */
async function ensureDemoPayPassword(db: Db): Promise<void> {
  const [boss] = await db
    .select({ id: users.id, payPasswordHash: users.payPasswordHash })
    .from(users)
    .where(eq(users.email, DEMO_LOGINS.seller.email))
    .limit(1);
  if (!boss || boss.payPasswordHash !== null) return;
  const payPasswordHash = await hashPassword(DEMO_LOGINS.seller.payPassword);
  await db.update(users).set({ payPasswordHash }).where(eq(users.id, boss.id));
}
