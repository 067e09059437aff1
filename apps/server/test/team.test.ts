import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { apiOperations, type ApiOperation } from './openapi-operations.ts';
import { buildTestApp, call, TEST_CAPTCHA, type TestApp } from './helper.ts';
import { orderFor, storeFor } from './order-fixtures.ts';

interface Operation {
  description?: string;
}

/**
 * Seller routes any signed-in user of the seller may call whatever their groups: their own
 * account and session, reference data, and tools that touch no seller data by themselves.
 */
const PERSONAL = [
  'GET /api/notification/list',
  'GET /api/notification/unread-count',
  'POST /api/notification/read',
  'GET /api/notification/settings',
  'POST /api/notification/settings',
  'POST /api/update-sms-code',
  'POST /api/save-mem-mobile',
  'POST /api/save-user-name',
  'POST /api/account/language',
  'GET /api/account/email',
  'POST /api/account/email/change',
  'POST /api/account/email/resend',
  'POST /api/save-mem-pwd',
  'GET /api/is-binded',
  'GET /api/account/overview',
  'POST /api/is-subscribe',
  'POST /api/untie-user',
  'GET /api/common/get-user-info',
  'GET /api/common/countries',
  'GET /api/common/address_new',
  'POST /api/common/translate',
  'POST /api/common/upload-single',
  // The home dashboard: each tile counts only the stores the user may see.
  'GET /api/index',
  // Each view of the export checks its own page's permission (statistics/export.ts).
  'GET /api/statistics/export',
  'POST /api/common/article-vote',
];

let t: TestApp;
let boss: SellerFixture;
let operations: ApiOperation<Operation>[];
const SELLER = "Access: A seller's signed-in user";

beforeAll(async () => {
  t = await buildTestApp();
  boss = await createSeller(t.database.db);
  operations = await apiOperations<Operation>(t.app);
});
afterAll(() => t?.close());

const api = (method: 'GET' | 'POST', url: string, token: string, input: unknown = {}) =>
  call(t.app, method, url, {
    token,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });
const pathOf = (url: string) => url.replace('{id}', '00000000-0000-0000-0000-000000000000');

describe('permission matrix (every seller route of the OpenAPI document)', () => {
  it('answers 403 to a staff member whose groups lack the route’s permission', async () => {
    const nobody = await createSeller(t.database.db, {
      sellerId: boss.sellerId,
      permissions: null,
    });
    const guarded = operations.filter(
      ({ op }) => op.description?.startsWith(`${SELLER}, `) ?? false,
    );
    expect(guarded.length).toBeGreaterThan(150);
    for (const { method, url } of guarded) {
      const res = await api(method, pathOf(url), nobody.token);
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
    }
  });

  it('leaves only the personal routes without a permission', () => {
    const open = operations
      .filter(({ op }) => op.description?.startsWith(`${SELLER}.`))
      .map(({ method, url }) => `${method} ${url}`);
    expect(open.sort()).toEqual([...PERSONAL].sort());
  });

  it('refuses boss-only routes to staff holding every permission', async () => {
    const everything = await createSeller(t.database.db, { sellerId: boss.sellerId });
    const bossOnly = operations.filter(({ op }) => op.description?.includes('the boss only'));
    expect(bossOnly.map((o) => o.url)).toEqual(
      expect.arrayContaining(['/api/group/create', '/api/user/create', '/api/save-pay-pwd']),
    );
    for (const { method, url } of bossOnly) {
      const res = await api(method, pathOf(url), everything.token);
      expect({ url, status: res.status, key: res.body.key }).toEqual({
        url,
        status: 403,
        key: 'team.boss_only',
      });
    }
  });
});

describe('store scope', () => {
  it('answers 404 for objects of stores outside the staff member’s scope', async () => {
    const db = t.database.db;
    const mine = await storeFor(db, boss.sellerId);
    const theirs = await storeFor(db, boss.sellerId);
    const staff = await createSeller(db, { sellerId: boss.sellerId });
    await api('POST', '/api/user/update', boss.token, { id: staff.userId, store_ids: [mine] });
    const items = [{ sku: 'S-1', quantity: 1, lineMinor: 100 }];
    const order = await orderFor(db, boss.sellerId, theirs, { items });
    const [listing] = await db
      .insert(listings)
      .values({ sellerId: boss.sellerId, storeId: theirs, siteId: 1, currency: 'USD' })
      .returning({ id: listings.id });

    const memo = { id: order.id, memo: 'x' };
    expect((await api('POST', '/api/cw-order/save-order-memo', staff.token, memo)).status).toBe(
      404,
    );
    expect((await api('POST', '/api/cw-order/save-order-memo', boss.token, memo)).status).toBe(200);
    const history = await api('GET', '/api/audit/history', boss.token, {
      object: 'order',
      id: String(order.id),
    });
    expect(history.body.data.list[0].changes.memo).toEqual({ before: '', after: 'x' });
    const show = { id: String(listing!.id) };
    expect((await api('GET', '/api/publish/show', staff.token, show)).status).toBe(404);
    expect((await api('GET', '/api/publish/show', boss.token, show)).status).toBe(200);
    const alias = { id: theirs, alias: 'Renamed' };
    expect((await api('POST', '/api/market/modify-alias', staff.token, alias)).status).toBe(404);
    expect((await api('POST', '/api/market/modify-alias', boss.token, alias)).status).toBe(200);
    const renamed = await api('GET', '/api/audit/history', boss.token, {
      object: 'store',
      id: String(theirs),
    });
    expect(renamed.body.data.list[0].changes).toMatchObject({ alias: { after: 'Renamed' } });
    expect(Object.keys(renamed.body.data.list[0].changes)).toEqual(['alias']);
    const stores = await api('GET', '/api/market/index', staff.token);
    expect(stores.body.data.list.map((s: { id: number }) => s.id)).toEqual([mine]);
  });
});

describe('groups and staff', () => {
  let lister: number;
  let staffId: number;
  let staffToken: string;
  const staffEmail = 'lister@example.com';
  const staffPassword = 'Lister-pass-2026';

  it('lists the built-in groups, read-only', async () => {
    const res = await api('GET', '/api/group/index', boss.token);
    expect(res.status).toBe(200);
    const keys = res.body.data.list.map((g: { key: string | null }) => g.key);
    expect(keys).toEqual(expect.arrayContaining(['lister', 'order_clerk', 'finance', 'viewer']));
    const finance = res.body.data.list.find((g: { key: string }) => g.key === 'finance');
    expect(finance.permissions).toContain('my:accountPay:pay');
    // Paying is finance's; reading purchase orders is also the order clerk's (following their
    // shipping) and the viewer's (every read but money).
    const readers = new Set<string>();
    for (const group of res.body.data.list.filter(
      (g: { key: string | null }) => g.key !== null && g.key !== 'finance',
    )) {
      const held = group.permissions.filter((p: string) => p.startsWith('my:accountPay'));
      expect(held.filter((p: string) => p !== 'my:accountPay:list')).toEqual([]);
      if (held.length > 0) readers.add(group.key);
    }
    expect([...readers].sort()).toEqual(['order_clerk', 'viewer']);
    // No built-in group holds the boss-only sub-account pages (a seller's own group may).
    for (const group of res.body.data.list.filter((g: { key: string | null }) => g.key !== null)) {
      expect(group.permissions.filter((p: string) => p.startsWith('subAccount:'))).toEqual([]);
    }
    const update = await api('POST', '/api/group/update', boss.token, {
      id: finance.id,
      name: 'Mine',
    });
    expect(update.status).toBe(409);
    expect(update.body.key).toBe('team.group_built_in');
  });

  it('gives the editor the permission tree by menu', async () => {
    const res = await api('GET', '/api/group/permissions', boss.token);
    expect(res.status).toBe(200);
    const perms = res.body.data.flatMap((m: { pages: Array<{ perms: Array<{ perm: string }> }> }) =>
      m.pages.flatMap((p) => p.perms.map((x) => x.perm)),
    );
    expect(perms).toContain('goods:collectyun:list');
    // The sub-account pages are the boss's: no group may grant them.
    expect(perms.filter((p: string) => p.startsWith('subAccount:'))).toEqual([]);
  });

  it('creates a group of listing permissions and refuses unknown ones', async () => {
    const bad = await api('POST', '/api/group/create', boss.token, {
      name: 'Bad',
      permissions: ['no:such:perm'],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.data.field_keys).toEqual({ permissions: 'team.unknown_permission' });
    const bossPage = await api('POST', '/api/group/create', boss.token, {
      name: 'Boss pages',
      permissions: ['subAccount:staff:add'],
    });
    expect(bossPage.status).toBe(422);
    const res = await api('POST', '/api/group/create', boss.token, {
      name: 'Lister',
      permissions: ['goods:collectyun:list', 'goods:collectyun:info', 'market:index:list'],
    });
    expect(res.status).toBe(200);
    lister = res.body.data.id;
  });

  it('creates staff in the group; they sign in and see only what the group grants', async () => {
    const weak = await api('POST', '/api/user/create', boss.token, {
      name: 'Lin',
      email: staffEmail,
      password: 'password123',
      group_ids: [lister],
      store_ids: [],
    });
    expect(weak.status).toBe(422);
    const res = await api('POST', '/api/user/create', boss.token, {
      name: 'Lin',
      email: staffEmail,
      password: staffPassword,
      group_ids: [lister],
      store_ids: [],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    staffId = res.body.data.id;
    expect(res.body.data.group_ids).toEqual([lister]);

    const captcha = (await call(t.app, 'POST', '/api/common/captcha')).body.data.captcha_key;
    const login = await call(t.app, 'POST', '/api/login', {
      body: {
        email: staffEmail,
        password: staffPassword,
        captcha: TEST_CAPTCHA,
        captcha_key: captcha,
      },
      headers: { 'user-agent': 'team-test' },
    });
    expect(login.status).toBe(200);
    staffToken = login.body.data.api_token;

    const menu = await call(t.app, 'GET', '/api/get-menu', { token: staffToken });
    expect(menu.body.data.perms.sort()).toEqual(
      ['goods:collectyun:info', 'goods:collectyun:list', 'market:index:list'].sort(),
    );
    expect(menu.res.headers.etag).toContain(`-u${staffId}`);
    expect((await api('GET', '/api/market/index', staffToken)).status).toBe(200);
    expect((await api('GET', '/api/finance/info', staffToken)).status).toBe(403);
    expect((await api('POST', '/api/save-pay-pwd', staffToken, {})).status).toBe(403);
  });

  it('refuses to delete a group in use', async () => {
    const res = await api('POST', '/api/group/delete', boss.token, { id: lister });
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('team.group_in_use');
  });

  it('shows the staff member’s sign-ins in the visit log', async () => {
    const res = await api('GET', '/api/user/related-users-login-log', boss.token, {
      user_id: String(staffId),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.list[0]).toMatchObject({
      user_id: staffId,
      success: true,
      user_agent: 'team-test',
    });
    const users = await api('GET', '/api/user/related-users', boss.token);
    expect(users.body.data.map((u: { id: number }) => u.id)).toContain(staffId);
  });

  it('ends the staff member’s sessions on disable: the next request is a 401', async () => {
    expect((await api('GET', '/api/common/get-user-info', staffToken)).status).toBe(200);
    const res = await api('POST', '/api/user/disable', boss.token, { id: staffId });
    expect(res.body.data.status).toBe('disabled');
    expect((await api('GET', '/api/common/get-user-info', staffToken)).status).toBe(401);
  });

  it('hides another seller’s staff and groups (404)', async () => {
    const other = await createSeller(t.database.db);
    expect((await api('POST', '/api/user/disable', other.token, { id: staffId })).status).toBe(404);
    expect((await api('POST', '/api/group/delete', other.token, { id: lister })).status).toBe(404);
  });

  it('records every change in the audit log, secrets left out', async () => {
    const history = await api('GET', '/api/audit/history', boss.token, {
      object: 'staff',
      id: String(staffId),
    });
    expect(history.status).toBe(200);
    const [disabled, created] = history.body.data.list;
    expect(disabled).toMatchObject({
      action: 'update',
      user_id: boss.userId,
      changes: { status: { before: 1, after: 0 } },
    });
    expect(created.action).toBe('create');
    expect(created.changes.group_ids).toEqual({ before: null, after: [lister] });
    expect(JSON.stringify(history.body.data)).not.toMatch(/password|scrypt/i);
    const search = await api('GET', '/api/audit/index', boss.token, { object: 'group' });
    expect(search.body.data.list.map((e: { object_id: string }) => e.object_id)).toContain(
      String(lister),
    );
  });

  it('deletes staff', async () => {
    expect((await api('POST', '/api/user/delete', boss.token, { id: staffId })).status).toBe(200);
    const list = await api('GET', '/api/user/index', boss.token);
    expect(list.body.data.list.map((u: { id: number }) => u.id)).not.toContain(staffId);
    expect((await api('POST', '/api/group/delete', boss.token, { id: lister })).status).toBe(200);
  });
});
