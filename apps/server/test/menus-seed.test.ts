import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminUsers,
  ledgerEntries,
  memberLevels,
  menus,
  seededMenus,
  sellers,
  users,
} from '../src/db/schema.ts';
import { DEMO_LOGINS, seedBase, seedDemo } from '../src/seed/seed.ts';
import { verifyPassword } from '../src/modules/auth/passwords.ts';
import { DEMO_CREDIT_MINOR } from '../src/modules/finance/ledger.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

async function counts() {
  const db = t.database.db;
  const [m] = await db.select({ n: count() }).from(menus);
  const [l] = await db.select({ n: count() }).from(memberLevels);
  const [a] = await db.select({ n: count() }).from(adminUsers);
  return { menus: m!.n, levels: l!.n, admins: a!.n };
}

describe('seedBase', () => {
  it('seeds member levels from the free regular level up, in minor units', async () => {
    const levels = await t.database.db
      .select()
      .from(memberLevels)
      .orderBy(asc(memberLevels.orderNum));
    expect(levels.map((l) => [l.orderNum, l.nameEn, l.priceMinor])).toEqual([
      [0, 'Regular', 0],
      [1, 'Silver', 29_900],
      [2, 'Gold', 59_900],
      [3, 'Diamond', 99_900],
    ]);
    expect(levels[0]!.name).toBe('普通会员');
  });

  it('seeds consistent menu entries', async () => {
    const rows = await t.database.db.select().from(menus);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const row of rows) {
      expect(row.name).toMatch(/^(menu|perm)\.[\w.-]+$/);
      if (row.type === 1) {
        expect(row.router).toMatch(/^\//);
        expect(row.viewPath).toBe(row.router!.slice(1));
      }
      if (row.type === 2) {
        expect(row.perms).toMatch(/^[\w-]+(:[\w-]+)+$/);
        const parent = byId.get(row.parentId!)!;
        expect(parent.type).toBe(1);
        expect(row.perms!.startsWith(parent.router!.slice(1).replace(/\//g, ':') + ':')).toBe(true);
        expect(row.scope).toBe(parent.scope);
      }
      if (row.type === 0) expect(row.router).toBeNull();
    }
    const keys = rows.map(
      (r) => `${r.scope}:${r.type}:${r.type === 1 ? r.router : r.type === 2 ? r.perms : r.name}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is idempotent and keeps edits and deletions made through sys/menu', async () => {
    const db = t.database.db;
    const before = await counts();
    expect(before.admins).toBe(1);

    const [collect] = await db.select().from(menus).where(eq(menus.router, '/goods/collect'));
    await db
      .update(menus)
      .set({ name: 'menu.custom.collect', orderNum: 42 })
      .where(eq(menus.id, collect!.id));
    await db.delete(menus).where(eq(menus.perms, 'goods:collect:delete'));
    // A whole branch: the directory goes, and its pages and permissions with it.
    const [finance] = await db.select().from(menus).where(eq(menus.name, 'menu.group.finance'));
    const branch = await db.select().from(menus).where(eq(menus.parentId, finance!.id));
    await db.delete(menus).where(eq(menus.parentId, finance!.id));
    await db.delete(menus).where(eq(menus.id, finance!.id));

    await Promise.all([seedBase(db), seedBase(db)]);

    const after = await counts();
    expect(after).toEqual({ ...before, menus: before.menus - 2 - branch.length });
    const [kept] = await db.select().from(menus).where(eq(menus.router, '/goods/collect'));
    expect(kept).toMatchObject({ id: collect!.id, name: 'menu.custom.collect', orderNum: 42 });
    expect(await db.select().from(menus).where(eq(menus.perms, 'goods:collect:delete'))).toEqual(
      [],
    );
    expect(await db.select().from(menus).where(eq(menus.name, 'menu.group.finance'))).toEqual([]);
  });

  it('adds entries that a newer version seeds for the first time', async () => {
    const db = t.database.db;
    const before = await counts();
    const [collect] = await db.select().from(menus).where(eq(menus.router, '/goods/collect'));
    // As if this permission were new in the code: never seeded, not in the table.
    await db.delete(menus).where(eq(menus.perms, 'goods:collect:list'));
    await db.delete(seededMenus).where(eq(seededMenus.identity, '2:goods:collect:list'));

    await seedBase(db);

    expect(await counts()).toEqual(before);
    const [added] = await db.select().from(menus).where(eq(menus.perms, 'goods:collect:list'));
    expect(added!.parentId).toBe(collect!.id);
  });

  it('creates the operator with the documented password', async () => {
    const [admin] = await t.database.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.username, DEMO_LOGINS.admin.username));
    expect(admin!.status).toBe(1);
    expect(await verifyPassword(DEMO_LOGINS.admin.password, admin!.passwordHash)).toBe(true);
  });
});

describe('seedDemo', () => {
  it('creates the demo seller and boss once', async () => {
    const db = t.database.db;
    expect(await seedDemo(db)).toBe(true);
    expect(await seedDemo(db)).toBe(false);

    const found = await db.select().from(users).where(eq(users.email, DEMO_LOGINS.seller.email));
    expect(found).toHaveLength(1);
    const user = found[0]!;
    expect(user).toMatchObject({
      name: 'Demo Boss',
      mobile: DEMO_LOGINS.seller.mobile,
      isBoss: true,
      status: 1,
    });
    expect(await verifyPassword(DEMO_LOGINS.seller.password, user.passwordHash)).toBe(true);

    const [seller] = await db.select().from(sellers).where(eq(sellers.id, user.sellerId));
    const [regular] = await db.select().from(memberLevels).where(eq(memberLevels.orderNum, 0));
    expect(seller).toMatchObject({
      name: 'Demo Trading Co.',
      levelId: regular!.id,
      balanceMinor: DEMO_CREDIT_MINOR,
    });
    // The starting balance is one ledger credit, seeded once.
    const credits = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sellerId, seller!.id));
    expect(credits.map((e) => [e.kind, e.amountMinor, e.memo])).toEqual([
      ['recharge', DEMO_CREDIT_MINOR, 'ledger.demo_credit'],
    ]);
  });
});
