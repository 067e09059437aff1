import { asc, eq, sql } from 'drizzle-orm';
import { MENU_TYPE, permOf, type MenuScope } from '@app/shared';
import type { Config } from '../config.ts';
import type { ObjectStorage } from '../integrations/object-storage.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { seedTemplateRules } from '../modules/templates/seed.ts';
import type { Db, Executor } from './client.ts';
import { seedCatalog } from './seed-catalog.ts';
import { seedGoods } from './seed-goods.ts';
import { seedDemoStores, type DemoStoreOptions } from './seed-markets.ts';
import { bumpRevision, MENUS_REVISION } from './revisions.ts';
import { adminUsers, memberLevels, menus, seededMenus, sellers, users } from './schema.ts';
import { LOCKS } from './locks.ts';

export const DEMO_LOGINS = {
  seller: {
    email: 'demo@example.com',
    mobile: '13800138000',
    password: 'Demo@123456',
    payPassword: '135790',
  },
  admin: { username: 'admin', password: 'Admin@123456' },
} as const;

const MEMBER_LEVELS = [
  { orderNum: 0, name: '普通会员', nameEn: 'Regular', priceMinor: 0, discountPercent: 0 },
  { orderNum: 1, name: '白银会员', nameEn: 'Silver', priceMinor: 29_900, discountPercent: 5 },
  { orderNum: 2, name: '黄金会员', nameEn: 'Gold', priceMinor: 59_900, discountPercent: 10 },
  { orderNum: 3, name: '钻石会员', nameEn: 'Diamond', priceMinor: 99_900, discountPercent: 15 },
];

interface MenuSeed {
  /** An i18n key; the web translates it. */
  name: string;
  type: 0 | 1 | 2;
  router?: string;
  perms?: string;
  icon?: string;
  keepAlive?: boolean;
  isShow?: boolean;
  children?: MenuSeed[];
}

const dir = (name: string, icon: string, children: MenuSeed[]): MenuSeed => ({
  name,
  type: MENU_TYPE.directory,
  icon,
  children,
});

/** A page with one permission entry per action, named `perm.<action>` for the web's translation. */
const page = (
  router: string,
  name: string,
  opts: { actions?: string[]; icon?: string; keepAlive?: boolean; isShow?: boolean } = {},
): MenuSeed => ({
  name,
  type: MENU_TYPE.page,
  router,
  icon: opts.icon,
  keepAlive: opts.keepAlive,
  isShow: opts.isShow,
  children: (opts.actions ?? []).map((action) => ({
    name: `perm.${action}`,
    type: MENU_TYPE.permission,
    perms: permOf(router, action),
  })),
});

const hidden = { isShow: false };
const cached = { keepAlive: true };
const CRUD = ['list', 'add', 'update', 'delete'];
const STANDARD = ['page', 'list', 'info', 'add', 'update', 'delete'];

/** Every logged-in route of spec section 2; detail and edit pages are reached from lists, not the sidebar. */
const SELLER_MENUS: MenuSeed[] = [
  page('/home/index', 'menu.home.index', { icon: 'HomeOutlined' }),
  dir('menu.group.goods', 'AppstoreOutlined', [
    page('/goods/productHouse', 'menu.goods.productHouse', {
      ...cached,
      actions: ['list', 'info', 'join', 'coll'],
    }),
    page('/goods/productHouseDetail', 'menu.goods.productHouseDetail', hidden),
    page('/goods/productHouseG', 'menu.goods.productHouseG', {
      ...cached,
      actions: ['list', 'info', 'join', 'coll'],
    }),
    page('/goods/productHouseDetailG', 'menu.goods.productHouseDetailG', hidden),
    page('/goods/collect', 'menu.goods.collect', {
      ...cached,
      actions: ['list', 'info', 'add', 'update', 'delete', 'duplicate', 'add-cart'],
    }),
    page('/goods/productHouseEdit', 'menu.goods.productHouseEdit', hidden),
    page('/goods/MyPorductHowse', 'menu.goods.MyPorductHowse', {
      ...cached,
      actions: ['list', 'info', 'update', 'delete'],
    }),
    page('/goods/relativeGoods', 'menu.goods.relativeGoods', {
      actions: ['list', 'add', 'delete'],
    }),
    page('/goods/materialMmt', 'menu.goods.materialMmt', {
      actions: [...CRUD, 'move', 'download'],
    }),
  ]),
  dir('menu.group.listing', 'CloudUploadOutlined', [
    page('/goods/collectyun', 'menu.goods.collectyun', {
      ...cached,
      actions: ['list', 'info', 'update', 'publish', 'down', 'delete', 'export'],
    }),
    page('/goods/shopifyyun', 'menu.goods.shopifyyun', {
      ...cached,
      actions: ['list', 'info', 'update', 'publish', 'delete'],
    }),
    page('/goods/temuyun', 'menu.goods.temuyun', {
      ...cached,
      actions: ['list', 'info', 'update', 'publish', 'delete'],
    }),
    page('/goods/template', 'menu.goods.template', { actions: CRUD }),
    page('/goods/priceTemplate', 'menu.goods.priceTemplate', { actions: CRUD }),
    page('/goods/collectyunEdit', 'menu.goods.collectyunEdit', hidden),
    page('/goods/multistation', 'menu.goods.multistation', hidden),
    page('/goods/upc', 'menu.goods.upc', { actions: ['list', 'import', 'delete'] }),
  ]),
  dir('menu.group.market', 'ShopOutlined', [
    page('/market/index', 'menu.market.index', {
      icon: 'ShopOutlined',
      actions: [...CRUD, 'status', 'staff', 'exempt'],
    }),
  ]),
  dir('menu.group.purchase', 'ShoppingCartOutlined', [
    page('/goods/shoppingcart', 'menu.goods.shoppingcart', {
      actions: ['list', 'update', 'delete', 'settle'],
    }),
    page('/goods/checkout', 'menu.goods.checkout', { ...hidden, actions: ['submit', 'pay'] }),
  ]),
  dir('menu.group.order', 'ProfileOutlined', [
    page('/newOrder', 'menu.newOrder.index', {
      ...cached,
      actions: [
        'list',
        'info',
        'export',
        'import',
        'update',
        'memo',
        'hold',
        'cancel',
        'refund',
        'split',
        'copy',
        'logistics',
      ],
    }),
    page('/newOrder/import', 'menu.newOrder.import', hidden),
    page('/newOrder/labels', 'menu.newOrder.labels', hidden),
    page('/newOrder/logistics', 'menu.newOrder.logistics', hidden),
    page('/newOrder/cancellation', 'menu.newOrder.cancellation', hidden),
    page('/newOrder/declaration', 'menu.newOrder.declaration', hidden),
    page('/newOrder/settlement', 'menu.newOrder.settlement', hidden),
    page('/newOrder/relation', 'menu.newOrder.relation', {
      actions: ['list', 'add', 'delete'],
    }),
    page('/newOrder/updateLogistics', 'menu.newOrder.updateLogistics', hidden),
    page('/newOrder/shopee', 'menu.newOrder.shopee', {
      ...cached,
      actions: ['list', 'info', 'update', 'logistics', 'pack'],
    }),
    page('/newOrder/FBAorder', 'menu.newOrder.FBAorder', {
      ...cached,
      actions: ['list', 'info', 'export'],
    }),
    page('/newOrder/FBAshipments', 'menu.newOrder.FBAshipments', {
      ...cached,
      actions: ['list', 'info', 'add', 'update', 'cancel', 'sync', 'label'],
    }),
    page('/newOrder/FBAshipmentsDetail', 'menu.newOrder.FBAshipmentsDetail', hidden),
    page('/newOrder/FBAshipmentsAdd', 'menu.newOrder.FBAshipmentsAdd', hidden),
    page('/newOrder/FBAshipmentsRebuild', 'menu.newOrder.FBAshipmentsRebuild', hidden),
    page('/newOrder/FBAshipmentsEdit', 'menu.newOrder.FBAshipmentsEdit', hidden),
    page('/newOrder/inventoryCheck', 'menu.newOrder.inventoryCheck', {
      ...cached,
      actions: ['list', 'export'],
    }),
  ]),
  dir('menu.group.finance', 'WalletOutlined', [
    page('/my/accountPay', 'menu.my.accountPay', { actions: ['pay'] }),
    page('/my/recharge', 'menu.my.recharge', { actions: ['add'] }),
    page('/my/consume', 'menu.my.consume', { actions: ['list', 'export'] }),
    page('/my/freezerecords', 'menu.my.freezerecords', { actions: ['list'] }),
    page('/my/platformbill', 'menu.my.platformbill', { actions: ['list', 'export'] }),
  ]),
  dir('menu.group.statistics', 'BarChartOutlined', [
    page('/my/statistics', 'menu.my.statistics', { actions: ['list'] }),
    page('/my/storestatistics', 'menu.my.storestatistics', { actions: ['list'] }),
    page('/my/statisticsorders', 'menu.my.statisticsorders', { actions: ['list'] }),
    page('/my/salesstatistics', 'menu.my.salesstatistics', { actions: ['list'] }),
    page('/my/productStatistics', 'menu.my.productStatistics', { actions: ['list'] }),
    page('/my/orderData', 'menu.my.orderData', { actions: ['list'] }),
  ]),
  dir('menu.group.my', 'UserOutlined', [
    page('/my/newInfo', 'menu.my.newInfo', { actions: ['update'] }),
    page('/my/logout', 'menu.my.logout', hidden),
  ]),
];

/** The operator console: sys/* with the standard actions of spec 6 plus each service's extras. */
const ADMIN_MENUS: MenuSeed[] = [
  dir('menu.group.sys', 'SettingOutlined', [
    page('/sys/menu', 'menu.sys.menu', { icon: 'MenuOutlined', actions: STANDARD }),
    page('/sys/user', 'menu.sys.user', { icon: 'TeamOutlined', actions: [...STANDARD, 'move'] }),
    page('/sys/role', 'menu.sys.role', { icon: 'SafetyOutlined', actions: STANDARD }),
    page('/sys/dept', 'menu.sys.dept', {
      icon: 'ApartmentOutlined',
      actions: [...STANDARD, 'order'],
    }),
    page('/sys/param', 'menu.sys.param', { icon: 'ControlOutlined', actions: STANDARD }),
    page('/sys/task', 'menu.sys.task', {
      icon: 'ScheduleOutlined',
      actions: [...STANDARD, 'stop', 'start', 'once', 'log'],
    }),
    page('/sys/log', 'menu.sys.log', {
      icon: 'FileSearchOutlined',
      actions: [...STANDARD, 'clear', 'get-keep', 'set-keep'],
    }),
    page('/sys/info', 'menu.sys.info', {
      icon: 'InfoCircleOutlined',
      actions: [...STANDARD, 'record'],
    }),
  ]),
];

/** A seeded entry's stable identity: its route for pages, its permission for permissions, its name for directories. */
function identityOf(m: {
  type: number;
  router: string | null;
  perms: string | null;
  name: string;
}): string {
  if (m.type === MENU_TYPE.page) return `1:${m.router}`;
  if (m.type === MENU_TYPE.permission) return `2:${m.perms}`;
  return `0:${m.name}`;
}

async function seedMenus(db: Executor, scope: MenuScope, tree: MenuSeed[]): Promise<void> {
  const existing = await db
    .select({
      id: menus.id,
      type: menus.type,
      router: menus.router,
      perms: menus.perms,
      name: menus.name,
    })
    .from(menus)
    .where(eq(menus.scope, scope));
  const ids = new Map(existing.map((m) => [identityOf(m), m.id]));
  const seeded = new Set(
    (
      await db
        .select({ identity: seededMenus.identity })
        .from(seededMenus)
        .where(eq(seededMenus.scope, scope))
    ).map((r) => r.identity),
  );

  const seedLevel = async (siblings: MenuSeed[], parentId: number | null): Promise<void> => {
    const rows = siblings.map((m, index) => ({
      scope,
      parentId,
      name: m.name,
      type: m.type,
      router: m.router ?? null,
      perms: m.perms ?? null,
      icon: m.icon ?? null,
      orderNum: index,
      viewPath: m.router ? m.router.replace(/^\/+/, '') : null,
      keepAlive: m.keepAlive ?? false,
      isShow: m.isShow ?? true,
    }));
    const missing = rows.filter((r) => !ids.has(identityOf(r)) && !seeded.has(identityOf(r)));
    if (missing.length > 0) {
      const inserted = await db.insert(menus).values(missing).returning({
        id: menus.id,
        type: menus.type,
        router: menus.router,
        perms: menus.perms,
        name: menus.name,
      });
      for (const m of inserted) ids.set(identityOf(m), m.id);
    }
    const present = rows
      .map(identityOf)
      .filter((identity) => ids.has(identity) && !seeded.has(identity));
    if (present.length > 0) {
      await db
        .insert(seededMenus)
        .values(present.map((identity) => ({ scope, identity })))
        .onConflictDoNothing();
    }
    for (const [index, m] of siblings.entries()) {
      // Children of an entry an operator deleted went with it and stay gone.
      const parent = ids.get(identityOf(rows[index]!));
      if (m.children?.length && parent !== undefined) await seedLevel(m.children, parent);
    }
  };
  await seedLevel(tree, null);
}

async function seedMemberLevels(db: Executor): Promise<void> {
  const existing = await db.select({ orderNum: memberLevels.orderNum }).from(memberLevels);
  const have = new Set(existing.map((l) => l.orderNum));
  const missing = MEMBER_LEVELS.filter((l) => !have.has(l.orderNum));
  if (missing.length > 0) await db.insert(memberLevels).values(missing);
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

/**
 * Reference data every start needs: member levels, the seller and operator menu trees and
 * the first operator (`admin`, when a password for it is given). Safe to run on every start: it
 * only inserts entries it never inserted before, so edits and deletions made through sys/menu
 * survive restarts.
 */
/** The first operator's password: ADMIN_PASSWORD, or the demo one only in a demo (else none is created). */
export function operatorPasswordFor(
  config: Pick<Config, 'ADMIN_PASSWORD' | 'DEMO'>,
): string | null {
  return config.ADMIN_PASSWORD ?? (config.DEMO ? DEMO_LOGINS.admin.password : null);
}

export async function seedBase(
  db: Db,
  opts: { operatorPassword: string | null } = { operatorPassword: DEMO_LOGINS.admin.password },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.seed})`);
    await seedMemberLevels(tx);
    await seedMenus(tx, 'seller', SELLER_MENUS);
    await seedMenus(tx, 'admin', ADMIN_MENUS);
    await seedTemplateRules(tx);
    await bumpRevision(tx, MENUS_REVISION);
  });
  if (opts.operatorPassword) await seedOperator(db, opts.operatorPassword);
}

/**
 * Fills an empty catalogue (its pictures go to `storage`) and creates the demo seller, its boss
 * account and the demo finished goods once, with sandbox stores and staff when `stores` is
 * given (simulators on); true only when this call created the seller.
 */
export async function seedDemo(
  db: Db,
  opts: { storage?: ObjectStorage; stores?: DemoStoreOptions } = {},
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
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.seed})`);
    if (await exists(tx)) return false;
    const [level] = await tx
      .select({ id: memberLevels.id })
      .from(memberLevels)
      .orderBy(asc(memberLevels.orderNum))
      .limit(1);
    const [seller] = await tx
      .insert(sellers)
      .values({ name: 'Demo Trading Co.', levelId: level?.id ?? null })
      .returning({ id: sellers.id });
    await tx.insert(users).values({
      sellerId: seller!.id,
      name: 'Demo Boss',
      email,
      mobile,
      passwordHash,
      payPasswordHash,
      isBoss: true,
    });
    await seedGoods(tx, seller!.id);
    if (opts.stores) await seedDemoStores(tx, { id: seller!.id, passwordHash }, opts.stores);
    return true;
  });
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
