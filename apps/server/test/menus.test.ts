import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMenuTree, type MenuItem } from '@app/shared';
import { bumpRevision, MENUS_REVISION } from '../src/db/revisions.ts';
import { menus } from '../src/db/schema.ts';
import { createOperator, createSeller } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';

/** Every logged-in route of spec section 2. */
const SELLER_ROUTES = [
  '/home/index',
  '/my/newInfo',
  '/my/accountPay',
  '/my/recharge',
  '/my/consume',
  '/my/freezerecords',
  '/my/statistics',
  '/my/storestatistics',
  '/my/statisticsorders',
  '/my/salesstatistics',
  '/my/productStatistics',
  '/my/orderData',
  '/my/platformbill',
  '/my/logout',
  '/goods/collect',
  '/goods/productHouseEdit',
  '/goods/collectyun',
  '/goods/shopifyyun',
  '/goods/temuyun',
  '/goods/template',
  '/goods/relativeGoods',
  '/goods/productHouse',
  '/goods/productHouseDetail',
  '/goods/productHouseG',
  '/goods/productHouseDetailG',
  '/goods/shoppingcart',
  '/goods/checkout',
  '/goods/MyPorductHowse',
  '/goods/priceTemplate',
  '/goods/collectyunEdit',
  '/goods/multistation',
  '/goods/upc',
  '/goods/materialMmt',
  '/newOrder',
  '/newOrder/import',
  '/newOrder/labels',
  '/newOrder/logistics',
  '/newOrder/cancellation',
  '/newOrder/declaration',
  '/newOrder/settlement',
  '/newOrder/relation',
  '/newOrder/updateLogistics',
  '/newOrder/shopee',
  '/newOrder/FBAorder',
  '/newOrder/FBAshipments',
  '/newOrder/FBAshipmentsDetail',
  '/newOrder/FBAshipmentsAdd',
  '/newOrder/FBAshipmentsRebuild',
  '/newOrder/FBAshipmentsEdit',
  '/newOrder/inventoryCheck',
];

let t: TestApp;
let seller: { token: string };
let operator: { token: string };

beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t.database.db);
  operator = await createOperator(t.database.db);
});
afterAll(() => t?.close());

const sys = (action: string) => `/api/sys/menu/${action}`;

describe('GET /api/get-menu', () => {
  it('needs a token', async () => {
    const res = await call(t.app, 'GET', '/api/get-menu');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it('gives a seller the full seller tree and every seller perm', async () => {
    const { status, body } = await call(t.app, 'GET', '/api/get-menu', { token: seller.token });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    const items: MenuItem[] = body.data.menus;
    const routers = items.filter((m) => m.type === 1).map((m) => m.router);
    for (const route of SELLER_ROUTES) expect(routers).toContain(route);
    expect(routers.some((r) => r?.startsWith('/sys/'))).toBe(false);
    expect(new Set(items.map((m) => m.type))).toEqual(new Set([0, 1, 2]));

    const collect = items.find((m) => m.router === '/goods/collect')!;
    expect(collect).toMatchObject({
      type: 1,
      viewPath: 'goods/collect',
      keepAlive: true,
      isShow: true,
      name: 'menu.goods.collect',
    });
    expect(items.find((m) => m.router === '/my/logout')).toMatchObject({
      isShow: false,
      viewPath: 'my/logout',
    });
    expect(items.find((m) => m.router === '/goods/template')!.keepAlive).toBe(false);
    const collectPerms = items
      .filter((m) => m.parentId === collect.id && m.type === 2)
      .map((m) => m.perms);
    expect(collectPerms).toEqual(
      expect.arrayContaining(['goods:collect:list', 'goods:collect:delete']),
    );
    expect(typeof collect.createTime).toBe('number');
    expect(collect.createTime).toBeLessThan(10_000_000_000);

    expect(body.data.perms).toEqual(
      expect.arrayContaining([
        'goods:collect:list',
        'goods:collect:delete',
        'newOrder:FBAorder:list',
      ]),
    );
    expect(body.data.perms).not.toContain('sys:menu:add');
  });

  it('orders the flat list by parent, orderNum, id and builds a home-first tree', async () => {
    const { body } = await call(t.app, 'GET', '/api/get-menu', { token: seller.token });
    const items: MenuItem[] = body.data.menus;
    const firstChild = items.findIndex((m) => m.parentId !== null);
    expect(items.slice(0, firstChild).every((m) => m.parentId === null)).toBe(true);
    expect(items.slice(firstChild).every((m) => m.parentId !== null)).toBe(true);
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1]!, items[i]!];
      if (a.parentId === b.parentId) {
        expect(a.orderNum < b.orderNum || (a.orderNum === b.orderNum && a.id < b.id)).toBe(true);
      } else if (a.parentId !== null) {
        expect(a.parentId).toBeLessThan(b.parentId!);
      }
    }
    const tree = buildMenuTree(items);
    expect(tree[0]).toMatchObject({ router: '/home/index', type: 1 });
    const goods = tree.find((n) => n.name === 'menu.group.goods')!;
    expect(goods.type).toBe(0);
    expect(goods.children.map((c) => c.router)).toContain('/goods/collect');
  });

  it('gives an operator the admin tree and sys perms', async () => {
    const { status, body } = await call(t.app, 'GET', '/api/get-menu', { token: operator.token });
    expect(status).toBe(200);
    const routers = (body.data.menus as MenuItem[])
      .filter((m) => m.type === 1)
      .map((m) => m.router);
    expect(routers).toEqual(
      expect.arrayContaining([
        '/sys/menu',
        '/sys/user',
        '/sys/role',
        '/sys/dept',
        '/sys/param',
        '/sys/task',
        '/sys/log',
        '/sys/info',
      ]),
    );
    expect(routers).not.toContain('/goods/collect');
    expect(body.data.perms).toEqual(
      expect.arrayContaining([
        'sys:menu:page',
        'sys:menu:add',
        'sys:task:once',
        'sys:log:get-keep',
        'sys:dept:order',
        'sys:user:move',
        'sys:info:record',
      ]),
    );
    expect(body.data.perms).not.toContain('goods:collect:list');
  });
});

describe('sys/menu', () => {
  it('lists a scope in tree order', async () => {
    const seller = await call(t.app, 'GET', sys('list'), { token: operator.token });
    expect(seller.status).toBe(200);
    expect(seller.body.data.some((m: MenuItem) => m.router === '/goods/collect')).toBe(true);
    const admin = await call(t.app, 'GET', sys('list'), {
      token: operator.token,
      query: { scope: 'admin' },
    });
    expect(admin.body.data.some((m: MenuItem) => m.router === '/sys/menu')).toBe(true);
    expect(admin.body.data.some((m: MenuItem) => m.router === '/goods/collect')).toBe(false);
  });

  it('pages with a keyword filter and a total', async () => {
    const { status, body } = await call(t.app, 'GET', sys('page'), {
      token: operator.token,
      query: { keyword: 'goods:collect:', page: '1', size: '3' },
    });
    expect(status).toBe(200);
    expect(body.data.list).toHaveLength(3);
    expect(body.data.pagination).toEqual({ page: 1, size: 3, total: 7 });
    const second = await call(t.app, 'GET', sys('page'), {
      token: operator.token,
      query: { keyword: 'goods:collect:', page: '3', size: '3' },
    });
    expect(second.body.data.list).toHaveLength(1);
    const literal = await call(t.app, 'GET', sys('page'), {
      token: operator.token,
      query: { keyword: '%' },
    });
    expect(literal.body.data.pagination.total).toBe(0);
  });

  it('rejects bad paging input with 422 naming the field', async () => {
    const { status, body } = await call(t.app, 'GET', sys('page'), {
      token: operator.token,
      query: { size: '0' },
    });
    expect(status).toBe(422);
    expect(Object.keys(body.data.fields)).toContain('size');
  });

  it('shows one menu and answers 404 for an unknown id', async () => {
    const [row] = await t.database.db
      .select()
      .from(menus)
      .where(eq(menus.router, '/goods/collect'));
    const ok = await call(t.app, 'GET', sys('info'), {
      token: operator.token,
      query: { id: String(row!.id) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id: row!.id, router: '/goods/collect' });
    const missing = await call(t.app, 'GET', sys('info'), {
      token: operator.token,
      query: { id: '999999' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(404);
  });

  it('adds, updates and deletes a branch with its descendants', async () => {
    const dir = await call(t.app, 'POST', sys('add'), {
      token: operator.token,
      body: { name: 'menu.group.test', type: 0, icon: 'ToolOutlined', orderNum: 99 },
    });
    expect(dir.status).toBe(200);
    expect(dir.body.data).toMatchObject({
      type: 0,
      parentId: null,
      keepAlive: false,
      isShow: true,
    });
    const pageRes = await call(t.app, 'POST', sys('add'), {
      token: operator.token,
      body: {
        parentId: dir.body.data.id,
        name: 'menu.test.page',
        type: 1,
        router: '/test/page',
        viewPath: 'test/page',
      },
    });
    expect(pageRes.status).toBe(200);
    const perm = await call(t.app, 'POST', sys('add'), {
      token: operator.token,
      body: { parentId: pageRes.body.data.id, name: 'perm.list', type: 2, perms: 'test:page:list' },
    });
    expect(perm.status).toBe(200);

    const sellerMenu = await call(t.app, 'GET', '/api/get-menu', { token: seller.token });
    expect(sellerMenu.body.data.perms).toContain('test:page:list');

    const updated = await call(t.app, 'POST', sys('update'), {
      token: operator.token,
      body: {
        id: pageRes.body.data.id,
        parentId: dir.body.data.id,
        name: 'menu.test.renamed',
        type: 1,
        router: '/test/renamed',
        viewPath: 'test/renamed',
        keepAlive: true,
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'menu.test.renamed',
      router: '/test/renamed',
      keepAlive: true,
    });

    const deleted = await call(t.app, 'POST', sys('delete'), {
      token: operator.token,
      body: { ids: [dir.body.data.id] },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ deleted: 3 });
    const rows = await t.database.db.select().from(menus).where(eq(menus.id, perm.body.data.id));
    expect(rows).toHaveLength(0);
  });

  it('shows menu edits in get-menu at once, though get-menu is cached per process', async () => {
    const before = await call(t.app, 'GET', '/api/get-menu', { token: seller.token });
    const added = await call(t.app, 'POST', '/api/sys/menu/add', {
      token: operator.token,
      body: { name: 'Cache probe', type: 2, perms: 'probe:cache:list', scope: 'seller' },
    });
    expect(added.status).toBe(200);
    const afterAdd = await call(t.app, 'GET', '/api/get-menu', { token: seller.token });
    expect(afterAdd.body.data.menus).toHaveLength(before.body.data.menus.length + 1);
    expect(afterAdd.body.data.perms).toContain('probe:cache:list');

    await call(t.app, 'POST', '/api/sys/menu/update', {
      token: operator.token,
      body: { id: added.body.data.id, name: 'Cache probe', type: 2, perms: 'probe:cache:page' },
    });
    const afterUpdate = await call(t.app, 'GET', '/api/get-menu', { token: seller.token });
    expect(afterUpdate.body.data.perms).toContain('probe:cache:page');
    expect(afterUpdate.body.data.perms).not.toContain('probe:cache:list');

    await call(t.app, 'POST', '/api/sys/menu/delete', {
      token: operator.token,
      body: { ids: [added.body.data.id] },
    });
    const afterDelete = await call(t.app, 'GET', '/api/get-menu', { token: seller.token });
    expect(afterDelete.body.data.menus).toHaveLength(before.body.data.menus.length);
    expect(afterDelete.body.data.perms).not.toContain('probe:cache:page');
  });

  it('refuses a page without a route, an unknown parent and a permission as parent', async () => {
    const noRoute = await call(t.app, 'POST', sys('add'), {
      token: operator.token,
      body: { name: 'x', type: 1 },
    });
    expect(noRoute.status).toBe(422);
    expect(noRoute.body.data.fields).toHaveProperty('router');

    const badType = await call(t.app, 'POST', sys('add'), {
      token: operator.token,
      body: { name: 'x', type: 7 },
    });
    expect(badType.status).toBe(422);
    expect(badType.body.data.fields).toHaveProperty('type');

    const orphan = await call(t.app, 'POST', sys('add'), {
      token: operator.token,
      body: { name: 'x', type: 0, parentId: 999999 },
    });
    expect(orphan.status).toBe(422);
    expect(orphan.body.data.fields).toHaveProperty('parentId');

    const [permRow] = await t.database.db
      .select()
      .from(menus)
      .where(eq(menus.perms, 'goods:collect:list'));
    const underPerm = await call(t.app, 'POST', sys('add'), {
      token: operator.token,
      body: { name: 'x', type: 2, perms: 'a:b', parentId: permRow!.id },
    });
    expect(underPerm.status).toBe(422);
    expect(underPerm.body.data.fields).toHaveProperty('parentId');

    const [adminDir] = await t.database.db
      .select()
      .from(menus)
      .where(eq(menus.name, 'menu.group.sys'));
    const crossScope = await call(t.app, 'POST', sys('add'), {
      token: operator.token,
      body: { name: 'x', type: 0, parentId: adminDir!.id },
    });
    expect(crossScope.status).toBe(422);
  });

  it('answers 404 when updating or deleting an unknown menu', async () => {
    const update = await call(t.app, 'POST', sys('update'), {
      token: operator.token,
      body: { id: 999999, name: 'x', type: 0 },
    });
    expect(update.status).toBe(404);
    const del = await call(t.app, 'POST', sys('delete'), {
      token: operator.token,
      body: { ids: [999999] },
    });
    expect(del.status).toBe(404);
  });

  it('refuses to make a menu its own ancestor', async () => {
    const [goods] = await t.database.db
      .select()
      .from(menus)
      .where(eq(menus.name, 'menu.group.goods'));
    const [collect] = await t.database.db
      .select()
      .from(menus)
      .where(eq(menus.router, '/goods/collect'));
    const base = {
      name: goods!.name,
      type: 0 as const,
      icon: goods!.icon,
      orderNum: goods!.orderNum,
    };

    const underChild = await call(t.app, 'POST', sys('update'), {
      token: operator.token,
      body: { id: goods!.id, ...base, parentId: collect!.id },
    });
    expect(underChild.status).toBe(422);
    expect(underChild.body.data.fields).toHaveProperty('parentId');

    const underSelf = await call(t.app, 'POST', sys('update'), {
      token: operator.token,
      body: { id: goods!.id, ...base, parentId: goods!.id },
    });
    expect(underSelf.status).toBe(422);

    const [after] = await t.database.db.select().from(menus).where(eq(menus.id, goods!.id));
    expect(after!.parentId).toBeNull();
  });
});

describe('sys/menu access', () => {
  it('is closed to anonymous callers and to sellers', async () => {
    expect((await call(t.app, 'GET', sys('list'))).status).toBe(401);
    for (const [method, action] of [
      ['GET', 'list'],
      ['GET', 'page'],
      ['POST', 'add'],
      ['POST', 'delete'],
    ] as const) {
      const res = await call(t.app, method, sys(action), {
        token: seller.token,
        body: method === 'POST' ? { ids: [1] } : undefined,
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(403);
    }
  });

  it('refuses an operator whose tree lacks the permission', async () => {
    const [permRow] = await t.database.db
      .select()
      .from(menus)
      .where(eq(menus.perms, 'sys:menu:delete'));
    const [collect] = await t.database.db
      .select()
      .from(menus)
      .where(eq(menus.router, '/goods/collect'));
    // Permissions are cached per menus revision, which every menu edit bumps; so does this one.
    await t.database.db.delete(menus).where(eq(menus.id, permRow!.id));
    await bumpRevision(t.database.db, MENUS_REVISION);
    try {
      const res = await call(t.app, 'POST', sys('delete'), {
        token: operator.token,
        body: { ids: [collect!.id] },
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(403);
      const [still] = await t.database.db.select().from(menus).where(eq(menus.id, collect!.id));
      expect(still).toBeDefined();
      expect((await call(t.app, 'GET', sys('list'), { token: operator.token })).status).toBe(200);
    } finally {
      await t.database.db.insert(menus).values(permRow!);
      await bumpRevision(t.database.db, MENUS_REVISION);
    }
  });
});
