import { eq } from 'drizzle-orm';
import { MENU_TYPE, permOf, type MenuScope } from '@app/shared';
import type { Executor } from '../db/client.ts';
import { menus, seededMenus } from '../db/schema.ts';

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
    // The design tool inside the console; visitors keep the public /design.
    page('/goods/design', 'menu.goods.design', hidden),
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
    page('/goods/pictureZip', 'menu.goods.pictureZip', { actions: ['export'] }),
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
      actions: ['list', 'info', 'update', 'publish', 'delete', 'po'],
    }),
    page('/goods/shopeeyun', 'menu.goods.shopeeyun', {
      ...cached,
      actions: ['list', 'info', 'update', 'publish', 'delete', 'sync'],
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
    // `list` reads purchase orders (following their shipping) without paying or cancelling.
    page('/my/accountPay', 'menu.my.accountPay', { actions: ['list', 'pay'] }),
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
  // The boss's own pages: their routes are boss-only, so the group editor never offers these
  // permissions (BOSS_ONLY_PERM_PREFIX) and no staff member's menu shows them.
  // The admin page has no permission: staff see it too, with their own account.
  dir('menu.group.subAccount', 'TeamOutlined', [
    page('/subAccount/admin', 'menu.subAccount.admin'),
    page('/subAccount/serviceInfo', 'menu.subAccount.serviceInfo', { actions: ['list'] }),
    page('/subAccount/role', 'menu.subAccount.role', { actions: CRUD }),
    page('/subAccount/staff', 'menu.subAccount.staff', { actions: [...CRUD, 'disable'] }),
    page('/subAccount/visitLog', 'menu.subAccount.visitLog', { actions: ['list'] }),
    page('/subAccount/audit', 'menu.subAccount.audit', { actions: ['list'] }),
  ]),
  dir('menu.group.my', 'UserOutlined', [
    page('/my/newInfo', 'menu.my.newInfo', { actions: ['update'] }),
    page('/my/logout', 'menu.my.logout', hidden),
  ]),
];

/** The operator console: sys/* with the standard actions of spec 6 plus each service's extras. */
const ADMIN_MENUS: MenuSeed[] = [
  // The production desk (issue 18): purchase orders from acceptance to delivery.
  dir('menu.group.production', 'PrinterOutlined', [
    page('/sys/production', 'menu.sys.production', {
      icon: 'DeploymentUnitOutlined',
      actions: ['list', 'info', 'accept', 'print', 'produce', 'ship', 'exception', 'refund'],
    }),
  ]),
  // What sellers see (issue 22 part C): the parent catalogue, levels, finance rules, sellers.
  dir('menu.group.platform', 'ShopOutlined', [
    page('/sys/goods', 'menu.sys.goods', {
      icon: 'AppstoreOutlined',
      actions: ['page', 'list', 'info', 'add', 'update', 'delete'],
    }),
    page('/sys/level', 'menu.sys.level', { icon: 'ProfileOutlined', actions: CRUD.slice(0, 3) }),
    page('/sys/finance', 'menu.sys.finance', {
      icon: 'WalletOutlined',
      actions: ['info', 'update'],
    }),
    page('/sys/seller', 'menu.sys.seller', {
      icon: 'TeamOutlined',
      actions: ['page', 'info', 'freeze', 'balance'],
    }),
  ]),
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
    page('/sys/login-log', 'menu.sys.loginLog', { icon: 'UserOutlined', actions: ['page'] }),
    page('/sys/info', 'menu.sys.info', {
      icon: 'InfoCircleOutlined',
      actions: [...STANDARD, 'record'],
    }),
  ]),
  // Help-centre articles (issue 24): the role of an operator who only edits them.
  dir('menu.group.help', 'ReadOutlined', [
    page('/sys/article', 'menu.sys.article', { icon: 'FileTextOutlined', actions: CRUD }),
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

/**
 * The seller and operator menu trees, written at table level: they are reference data with no
 * service that creates them (sys/menu edits what is here), and `seeded_menus` remembers every
 * entry inserted once so an operator's deletion sticks.
 */
export async function seedMenuTrees(db: Executor): Promise<void> {
  await seedMenus(db, 'seller', SELLER_MENUS);
  await seedMenus(db, 'admin', ADMIN_MENUS);
}
