import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, createOperator, createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, TEST_CAPTCHA, type TestApp } from './helper.ts';

let t: TestApp;
let op: { adminId: number; token: string };
let seller: SellerFixture;
const username = `signin-${Date.now()}`;

const captchaKey = async () =>
  (await call(t.app, 'POST', '/api/common/captcha')).body.data.captcha_key as string;
const sellerLogin = async (password: string, ip: string) =>
  call(t.app, 'POST', '/api/login', {
    ip,
    body: { email: seller.email, password, captcha: TEST_CAPTCHA, captcha_key: await captchaKey() },
  });
const operatorLogin = async (password: string, ip: string) =>
  call(t.app, 'POST', '/api/sys/login/login', {
    ip,
    body: { username, password, captchaId: await captchaKey(), verifyCode: TEST_CAPTCHA },
  });
const search = async (query: Record<string, string>, token = op.token) =>
  call(t.app, 'GET', '/api/sys/login-log/page', { token, query });

beforeAll(async () => {
  t = await buildTestApp();
  op = await createOperator(t.database.db, { username });
  seller = await createSeller(t.database.db);
  expect((await sellerLogin('Wrong-pass-1', '10.9.0.1')).status).toBe(422);
  expect((await sellerLogin(seller.password, '10.9.0.2')).status).toBe(200);
  expect((await operatorLogin('Wrong-pass-1', '10.9.1.1')).status).toBe(422);
  expect((await operatorLogin(FIXTURE_PASSWORD, '10.9.1.2')).status).toBe(200);
});
afterAll(() => t?.close());

describe('the console’s sign-in log', () => {
  it('lists operators’ and sellers’ attempts together, newest first, with the reason in the reader’s language', async () => {
    const res = await search({ ip: '10.9.', size: '10' }, op.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { list, pagination } = res.body.data;
    expect(pagination.total).toBe(4);
    expect(list.map((r: { ip: string }) => r.ip)).toEqual([
      '10.9.1.2',
      '10.9.1.1',
      '10.9.0.2',
      '10.9.0.1',
    ]);
    expect(list[0]).toMatchObject({
      actor: 'admin',
      actor_id: op.adminId,
      user_name: username,
      seller_id: null,
      success: true,
      reason: null,
    });
    expect(list[3]).toMatchObject({
      actor: 'user',
      seller_id: seller.sellerId,
      account: seller.email,
      success: false,
    });
    expect(list[3].reason).toMatch(/[\u4e00-\u9fff]/);
    const en = await call(t.app, 'GET', '/api/sys/login-log/page', {
      token: op.token,
      query: { ip: '10.9.0.1' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.data.list[0].reason).toMatch(/^[\x20-\x7e]+$/);
  });

  it('searches by actor, user, result and date range, and pages', async () => {
    const total = async (query: Record<string, string>) =>
      (await search({ ip: '10.9.', ...query })).body.data.pagination.total;
    expect(await total({ actor: 'user' })).toBe(2);
    expect(await total({ actor: 'admin', result: 'failure' })).toBe(1);
    expect(await total({ user: username.toUpperCase() })).toBe(2);
    expect(await total({ user: seller.email.slice(0, 8) })).toBe(2);
    expect(await total({ result: 'success' })).toBe(2);
    const now = Math.floor(Date.now() / 1000);
    expect(await total({ start: String(now - 600), end: String(now + 5) })).toBe(4);
    expect(await total({ end: String(now - 600) })).toBe(0);
    const second = (await search({ ip: '10.9.', size: '3', page: '2' })).body.data;
    expect(second.list).toHaveLength(1);
    expect(second.list[0].ip).toBe('10.9.0.1');
  });

  it('refuses bad input with 422 naming the field, sellers and operators without the permission with 403', async () => {
    const bad = await search({ result: 'maybe' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toEqual(['result']);
    expect((await search({}, seller.token)).status).toBe(403);
    const bare = await createOperator(t.database.db, { roleIds: [] });
    expect((await search({}, bare.token)).status).toBe(403);
  });
});
