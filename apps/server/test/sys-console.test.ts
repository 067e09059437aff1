import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginLogs, auditLogs } from '../src/db/schema.ts';
import { createOperator, createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, TEST_CAPTCHA, type TestApp } from './helper.ts';
import { apiOperations, type ApiOperation } from './openapi-operations.ts';

let t: TestApp;
let op: { adminId: number; token: string };
let seller: SellerFixture;

beforeAll(async () => {
  t = await buildTestApp();
  op = await createOperator(t.database.db);
  seller = await createSeller(t.database.db);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST';
const api = (method: Method, url: string, input: unknown = {}, token = op.token) =>
  call(t.app, method, url, {
    token,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });
const ok = async (method: Method, url: string, input: unknown = {}, token = op.token) => {
  const res = await api(method, url, input, token);
  expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};
const captcha = async () =>
  (await call(t.app, 'POST', '/api/common/captcha')).body.data.captcha_key as string;
const login = (username: string, password: string) =>
  captcha().then((captchaId) =>
    call(t.app, 'POST', '/api/sys/login/login', {
      body: { username, password, captchaId, verifyCode: TEST_CAPTCHA },
    }),
  );

describe('departments', () => {
  it('adds, renames, orders and deletes departments as a tree', async () => {
    const root = await ok('POST', '/api/sys/dept/add', { name: '运营部' });
    const a = await ok('POST', '/api/sys/dept/add', { name: 'A 组', parentId: root.id });
    const b = await ok('POST', '/api/sys/dept/add', {
      name: 'B 组',
      parentId: root.id,
      orderNum: 1,
    });
    expect(await ok('GET', '/api/sys/dept/info', { id: String(a.id) })).toMatchObject({
      name: 'A 组',
      parentId: root.id,
      userCount: 0,
    });
    await ok('POST', '/api/sys/dept/update', { id: a.id, name: 'A team', parentId: root.id });
    const tree = await ok('POST', '/api/sys/department/order', {
      items: [
        { id: b.id, parentId: root.id, orderNum: 0 },
        { id: a.id, parentId: root.id, orderNum: 1 },
      ],
    });
    const children = (tree as Array<{ id: number; parentId: number | null }>)
      .filter((d) => d.parentId === root.id)
      .map((d) => d.id);
    expect(children).toEqual([b.id, a.id]);
    const page = await ok('GET', '/api/sys/dept/page', { keyword: 'team' });
    expect(page.list.map((d: { id: number }) => d.id)).toEqual([a.id]);

    // Under itself (directly or through a child) is a 422 naming the field.
    const cycle = await api('POST', '/api/sys/dept/update', {
      id: root.id,
      name: '运营部',
      parentId: a.id,
    });
    expect(cycle.status).toBe(422);
    expect(cycle.body.data.field_keys).toEqual({ parentId: 'console.department_under_itself' });
    // A department with departments below it stays.
    expect((await api('POST', '/api/sys/dept/delete', { ids: [root.id] })).status).toBe(409);
    expect(await ok('POST', '/api/sys/dept/delete', { ids: [root.id, a.id, b.id] })).toEqual({
      deleted: 3,
    });
  });

  it('answers 422 for bad input and 404 for unknown ids', async () => {
    const empty = await api('POST', '/api/sys/dept/add', { name: ' ' });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.data.fields)).toEqual(['name']);
    expect((await api('POST', '/api/sys/dept/add', { name: 'x', parentId: 999999 })).status).toBe(
      422,
    );
    expect((await api('GET', '/api/sys/dept/info', { id: '999999' })).status).toBe(404);
    expect((await api('GET', '/api/sys/dept/info', { id: 'x1' })).status).toBe(422);
    expect((await api('POST', '/api/sys/dept/delete', { ids: [999999] })).status).toBe(404);
    const order = await api('POST', '/api/sys/department/order', {
      items: [{ id: 999999, parentId: null, orderNum: 0 }],
    });
    expect(order.status).toBe(404);
  });
});

describe('roles and operators', () => {
  it('gives an operator only the menus and routes of their role', async () => {
    const tree = await ok('GET', '/api/sys/role/permission-tree');
    const perms = (tree as Array<{ pages: Array<{ perms: Array<{ perm: string }> }> }>).flatMap(
      (m) => m.pages.flatMap((p) => p.perms.map((x) => x.perm)),
    );
    expect(perms).toContain('sys:article:update');
    const articlePerms = perms.filter((p) => p.startsWith('sys:article:'));
    const role = await ok('POST', '/api/sys/role/add', {
      name: '帮助文章编辑',
      permissions: articlePerms,
    });
    const dept = await ok('POST', '/api/sys/dept/add', { name: '内容组' });
    const user = await ok('POST', '/api/sys/user/add', {
      username: 'writer1',
      password: 'Writer-pass-2026',
      name: 'Writer',
      departmentId: dept.id,
      roleIds: [role.id],
    });
    expect(user).toMatchObject({
      departmentName: '内容组',
      roleNames: ['帮助文章编辑'],
      status: 1,
      lastLoginTime: null,
    });

    const signedIn = await login('writer1', 'Writer-pass-2026');
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const token = signedIn.body.data.token as string;
    const menu = await ok('GET', '/api/get-menu', {}, token);
    const pages = (menu.menus as Array<{ type: number; router: string }>)
      .filter((m) => m.type === 1)
      .map((m) => m.router);
    expect(pages).toEqual(['/sys/article']);
    expect([...menu.perms].sort()).toEqual([...articlePerms].sort());
    expect((await api('GET', '/api/sys/user/page', {}, token)).status).toBe(403);
    expect((await api('GET', '/api/comm/person', {}, token)).status).toBe(200);
    expect((await ok('GET', '/api/sys/user/info', { id: String(user.id) })).lastLoginTime).not.toBe(
      null,
    );

    // A role edit reaches the operator's next request.
    await ok('POST', '/api/sys/role/update', {
      id: role.id,
      name: '帮助文章编辑',
      permissions: [...articlePerms, 'sys:user:page'],
    });
    expect((await api('GET', '/api/sys/user/page', {}, token)).status).toBe(200);

    // In use: the role and the department stay.
    const inUse = await api('POST', '/api/sys/role/delete', { ids: [role.id] });
    expect(inUse.status).toBe(409);
    expect(inUse.body.key).toBe('console.role_in_use');
    expect((await api('POST', '/api/sys/dept/delete', { ids: [dept.id] })).status).toBe(409);

    // Moved, disabled (their session ends), reset, deleted.
    const other = await ok('POST', '/api/sys/dept/add', { name: '客服组' });
    expect(
      await ok('POST', '/api/sys/user/move', { userIds: [user.id], departmentId: other.id }),
    ).toEqual({ moved: 1 });
    const listed = await ok('GET', '/api/sys/user/page', { departmentIds: String(other.id) });
    expect(listed.list.map((u: { id: number }) => u.id)).toEqual([user.id]);
    await ok('POST', '/api/sys/user/update', { id: user.id, status: 0 });
    expect((await api('GET', '/api/comm/person', {}, token)).status).toBe(401);
    expect((await login('writer1', 'Writer-pass-2026')).status).toBe(403);
    await ok('POST', '/api/sys/user/update', {
      id: user.id,
      status: 1,
      password: 'Reset-pass-2026',
    });
    expect((await login('writer1', 'Writer-pass-2026')).status).toBe(422);
    expect((await login('writer1', 'Reset-pass-2026')).status).toBe(200);
    expect(await ok('POST', '/api/sys/user/delete', { ids: [user.id] })).toEqual({ deleted: 1 });
    expect(await ok('POST', '/api/sys/role/delete', { ids: [role.id] })).toEqual({ deleted: 1 });

    // Every attempt is in the login log, failures with their reason.
    const logs = await t.database.db
      .select()
      .from(adminLoginLogs)
      .where(eq(adminLoginLogs.username, 'writer1'));
    expect(logs.map((l) => l.reason).sort()).toEqual([
      'auth.operator_disabled',
      'auth.username_or_password_incorrect',
      null,
      null,
    ]);
  });

  it('refuses bad input, unknown ids, built-in roles and removing oneself', async () => {
    const bad = await api('POST', '/api/sys/user/add', {
      username: 'a b',
      password: 'short',
      name: '',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['name', 'password', 'username']);
    const unknownPerm = await api('POST', '/api/sys/role/add', {
      name: 'x',
      permissions: ['sys:nope:add'],
    });
    expect(unknownPerm.status).toBe(422);
    expect(unknownPerm.body.data.field_keys).toEqual({ permissions: 'console.unknown_permission' });
    const roles = await ok('GET', '/api/sys/role/list');
    const superRole = roles.find((r: { key: string | null }) => r.key === 'super');
    expect(superRole).toMatchObject({ builtIn: true });
    expect(
      (await api('POST', '/api/sys/role/update', { id: superRole.id, name: 'x', permissions: [] }))
        .status,
    ).toBe(409);
    expect((await api('GET', '/api/sys/role/info', { id: '999999' })).status).toBe(404);
    expect((await api('GET', '/api/sys/user/info', { id: '999999' })).status).toBe(404);
    expect((await api('POST', '/api/sys/user/update', { id: 999999, name: 'x' })).status).toBe(404);
    expect(
      (await api('POST', '/api/sys/user/move', { userIds: [999999], departmentId: null })).status,
    ).toBe(404);
    expect((await api('POST', '/api/sys/user/delete', { ids: [op.adminId] })).status).toBe(409);
    expect((await api('POST', '/api/sys/user/update', { id: op.adminId, status: 0 })).status).toBe(
      409,
    );
    const taken = await api('POST', '/api/sys/user/add', {
      username: 'admin',
      password: 'Another-pass-2026',
      name: 'Dup',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.data.field_keys).toEqual({ username: 'console.username_taken' });
  });
});

describe('parameters', () => {
  it('types values and keeps the server’s own keys within their bounds', async () => {
    const list = await ok('GET', '/api/sys/param/list');
    expect(list.map((p: { key: string }) => p.key)).toEqual(
      expect.arrayContaining(['log.keep_days', 'upload.max_mb', 'exchange_rate.source']),
    );
    const keep = await ok('GET', '/api/sys/param/info', { key: 'log.keep_days' });
    expect(keep).toMatchObject({ dataType: 'number', system: true });
    const update = (value: string, dataType = 'number') =>
      api('POST', '/api/sys/param/update', {
        key: 'log.keep_days',
        name: keep.name,
        dataType,
        value,
      });
    expect((await update('45')).status).toBe(200);
    // The log's keep-days read the same row.
    expect(await ok('GET', '/api/sys/log/get-keep')).toEqual({ value: 45 });
    expect((await update('0')).body.data.field_keys).toEqual({
      value: 'console.param_out_of_bounds',
    });
    expect((await update('"x"')).body.data.field_keys).toEqual({
      value: 'console.param_wrong_type',
    });
    expect((await update('45', 'string')).status).toBe(422);
    expect((await api('POST', '/api/sys/param/delete', { keys: ['log.keep_days'] })).status).toBe(
      409,
    );

    const added = await ok('POST', '/api/sys/param/add', {
      key: 'banner.text',
      name: '首页横幅',
      dataType: 'string',
      value: '双十一',
    });
    expect(added).toMatchObject({ value: '"双十一"', system: false });
    expect(
      (
        await api('POST', '/api/sys/param/add', {
          key: 'banner.text',
          name: 'x',
          dataType: 'string',
          value: 'y',
        })
      ).status,
    ).toBe(422);
    expect((await api('POST', '/api/sys/param/add', { key: 'Bad Key', name: 'x' })).status).toBe(
      422,
    );
    expect((await ok('GET', '/api/sys/param/page', { keyword: 'banner' })).list).toHaveLength(1);
    expect(await ok('POST', '/api/sys/param/delete', { keys: ['banner.text'] })).toEqual({
      deleted: 1,
    });
    expect((await api('GET', '/api/sys/param/info', { key: 'banner.text' })).status).toBe(404);
  });
});

describe('the operator’s own profile and the audit log', () => {
  it('updates the profile; a new password needs the current one', async () => {
    const me = await createOperator(t.database.db, { username: 'self-editor' });
    const renamed = await ok('POST', '/api/comm/person-update', { name: '新名字' }, me.token);
    expect(renamed).toMatchObject({ username: 'self-editor', name: '新名字' });
    const wrong = await api(
      'POST',
      '/api/comm/person-update',
      { password: 'Brand-new-2026', oldPassword: 'wrong' },
      me.token,
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.field_keys).toEqual({
      oldPassword: 'account.current_password_incorrect',
    });
    expect(
      (await api('POST', '/api/comm/person-update', { password: 'Brand-new-2026' }, me.token))
        .status,
    ).toBe(422);
    await ok(
      'POST',
      '/api/comm/person-update',
      { password: 'Brand-new-2026', oldPassword: 'Fixture@123456' },
      me.token,
    );
    expect((await login('self-editor', 'Brand-new-2026')).status).toBe(200);
  });

  it('records every console write under the operator, outside any seller’s history', async () => {
    const dept = await ok('POST', '/api/sys/dept/add', { name: '审计组' });
    await ok('POST', '/api/sys/dept/update', { id: dept.id, name: '审计二组', parentId: null });
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.objectType, 'sys_dept'), eq(auditLogs.objectId, String(dept.id))));
    expect(rows.map((r) => [r.action, r.adminId, r.sellerId])).toEqual([
      ['create', op.adminId, null],
      ['update', op.adminId, null],
    ]);
    expect(rows[1]!.changes).toEqual({ name: { before: '审计组', after: '审计二组' } });
    const sellers = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(isNull(auditLogs.sellerId), eq(auditLogs.objectType, 'group')));
    expect(sellers).toEqual([]);
  });
});

interface Operation {
  description?: string;
}

describe('permission matrix (every /api/sys and /api/comm route of the OpenAPI document)', () => {
  let operations: ApiOperation<Operation>[];
  beforeAll(async () => {
    operations = (await apiOperations<Operation>(t.app)).filter(
      ({ url, op }) =>
        (url.startsWith('/api/sys/') || url.startsWith('/api/comm/')) &&
        !op.description?.startsWith('Access: Anyone'),
    );
  });
  const send = (method: Method, url: string, token: string) =>
    call(t.app, method, url, { token, ...(method === 'POST' ? { body: {} } : {}) });

  it('answers 403 to a seller’s token on every operator route', async () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const { method, url } of operations) {
      const res = await send(method, url, seller.token);
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
    }
  });

  it('answers 403 to an operator without the route’s permission', async () => {
    const nobody = await createOperator(t.database.db, { roleIds: [] });
    const guarded = operations.filter(({ op }) => op.description?.includes(', holding '));
    expect(guarded.length).toBeGreaterThan(40);
    for (const { method, url } of guarded) {
      const res = await send(method, url, nobody.token);
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
    }
    // The personal routes are every operator's.
    const personal = operations.filter(({ op }) => !op.description?.includes(', holding '));
    expect(personal.map((o) => o.url).sort()).toEqual([
      '/api/comm/person',
      '/api/comm/person-update',
      '/api/sys/login/logout',
    ]);
  });
});
