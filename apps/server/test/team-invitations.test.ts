import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberLevels, sellers, staffInvitations, users } from '../src/db/schema.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, TEST_CAPTCHA, type TestApp } from './helper.ts';

const PASSWORD = 'Invited#Staff2024';

let t: TestApp;
let boss: SellerFixture;
let other: SellerFixture;

beforeAll(async () => {
  t = await buildTestApp();
  boss = await createSeller(t.database.db, { name: 'Acme Trading' });
  other = await createSeller(t.database.db);
});
afterAll(() => t?.close());

const post = (url: string, token: string | undefined, body: unknown, lang = 'en') =>
  call(t.app, 'POST', url, { token, body, headers: { 'accept-language': lang } });
const get = (url: string, token: string | undefined, query: Record<string, string> = {}) =>
  call(t.app, 'GET', url, { token, query, headers: { 'accept-language': 'en' } });

/** The newest message to `recipient` in the dev outbox and the code of its accept link. */
async function invitationTo(recipient: string) {
  const res = await get('/api/dev/outbox', undefined, { recipient });
  const message = res.body.data[0] as { subject: string; body: string; channel: string };
  const code = /\/invite\?code=([\w-]+)/.exec(message.body)?.[1];
  if (!code) throw new Error(`no invitation in the outbox for ${recipient}`);
  return { message, code };
}

async function signIn(email: string, password: string) {
  const captcha = (await call(t.app, 'POST', '/api/common/captcha')).body.data.captcha_key;
  return call(t.app, 'POST', '/api/login', {
    body: { email, password, captcha: TEST_CAPTCHA, captcha_key: captcha },
  });
}

const invite = (email: string, extra: Record<string, unknown> = {}, lang = 'en') =>
  post(
    '/api/user/create',
    boss.token,
    { name: 'Mei', email, invite: true, group_ids: [], store_ids: [], ...extra },
    lang,
  );

describe('staff invitations', () => {
  it('asks for a password or an invitation, not both and not neither', async () => {
    const neither = await post('/api/user/create', boss.token, {
      name: 'Mei',
      email: 'neither@example.com',
      group_ids: [],
      store_ids: [],
    });
    expect(neither.status).toBe(422);
    expect(neither.body.data.fields).toHaveProperty('password');
    const both = await invite('both@example.com', { password: PASSWORD });
    expect(both.status).toBe(422);
  });

  it('sends a link in the invitee’s language; they set a password and sign in; the code works once', async () => {
    const email = 'mei@example.com';
    const created = await invite(email, { language: 'zh-CN' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.status).toBe('invited');
    const { message, code } = await invitationTo(email);
    expect(message.channel).toBe('email');
    expect(message.subject).toContain('Acme Trading 邀请您加入');
    expect(message.body).toContain('7 天内');

    const listed = await get('/api/user/index', boss.token, { status: 'invited' });
    expect(listed.body.data.list.map((s: { email: string }) => s.email)).toEqual([email]);
    // Not yet accepted: no password of theirs works.
    expect((await signIn(email, PASSWORD)).status).not.toBe(200);

    const shown = await get('/api/invitation/show', undefined, { code });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      name: 'Mei',
      login: email,
      seller_name: 'Acme Trading',
    });

    const weak = await post('/api/invitation/accept', undefined, {
      code,
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(weak.status).toBe(422);
    expect(weak.body.data.fields).toHaveProperty('password');
    const mismatch = await post('/api/invitation/accept', undefined, {
      code,
      password: PASSWORD,
      password_confirmation: 'something else',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.data.fields).toHaveProperty('password_confirmation');

    const accepted = await post('/api/invitation/accept', undefined, {
      code,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await signIn(email, PASSWORD)).status).toBe(200);

    const again = await post('/api/invitation/accept', undefined, {
      code,
      password: 'Another#Pass2024',
      password_confirmation: 'Another#Pass2024',
    });
    expect(again.status).toBe(422);
    expect(again.body.key).toBe('team.invitation_invalid');
    expect(again.body.data.fields).toHaveProperty('code');

    const row = (await get('/api/user/index', boss.token, { keyword: email })).body.data.list[0];
    expect(row.status).toBe('active');
    const resend = await post('/api/user/resend-invitation', boss.token, { id: row.id });
    expect(resend.status).toBe(409);
    expect(resend.body.key).toBe('team.invitation_accepted');
  });

  it('re-sending issues a new code and the old one stops working', async () => {
    const email = 'resend@example.com';
    const created = await invite(email);
    const first = (await invitationTo(email)).code;
    expect((await invitationTo(email)).message.subject).toContain('invites you');
    const resent = await post('/api/user/resend-invitation', boss.token, {
      id: created.body.data.id,
    });
    expect(resent.status).toBe(200);
    const second = (await invitationTo(email)).code;
    expect(second).not.toBe(first);
    expect((await get('/api/invitation/show', undefined, { code: first })).status).toBe(422);
    expect((await get('/api/invitation/show', undefined, { code: second })).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = 'late@example.com';
    const created = await invite(email);
    const { code } = await invitationTo(email);
    await t.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.userId, created.body.data.id));
    const res = await post('/api/invitation/accept', undefined, {
      code,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(res.status).toBe(422);
    expect(res.body.key).toBe('team.invitation_expired');
  });

  it('sends by SMS to a member with a mobile number only', async () => {
    const created = await post('/api/user/create', boss.token, {
      name: 'Wu',
      mobile: '13900001111',
      invite: true,
      group_ids: [],
      store_ids: [],
    });
    expect(created.status).toBe(200);
    const { message } = await invitationTo('13900001111');
    expect(message.channel).toBe('sms');
  });

  it('refuses an unknown code with 422 on the field, and re-sending to staff or another seller', async () => {
    const unknown = await get('/api/invitation/show', undefined, { code: 'not-a-code' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.fields).toHaveProperty('code');

    const email = 'guarded@example.com';
    const created = await invite(email);
    const id = created.body.data.id;
    expect((await post('/api/user/resend-invitation', other.token, { id })).status).toBe(404);
    const staff = await createSeller(t.database.db, { sellerId: boss.sellerId });
    expect((await post('/api/user/resend-invitation', staff.token, { id })).status).toBe(403);
  });
});

describe('service info and the admin page', () => {
  it('answers the level, its expiry and what the account uses; boss only', async () => {
    const [level] = await t.database.db.select().from(memberLevels).limit(1);
    const expires = new Date('2030-01-01T00:00:00Z');
    await t.database.db
      .update(sellers)
      .set({ levelExpiresAt: expires })
      .where(eq(sellers.id, boss.sellerId));
    const res = await get('/api/user/service-info', boss.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      level_name: level!.name,
      level_name_en: level!.nameEn,
      level_expires_at: expires.getTime() / 1000,
      stores: { used: 0, allowed: null },
      storage_bytes: { used: 0, allowed: 1024 ** 3 },
    });
    expect(res.body.data.staff.used).toBeGreaterThan(0);
    const staff = await createSeller(t.database.db, { sellerId: boss.sellerId });
    expect((await get('/api/user/service-info', staff.token)).status).toBe(403);
  });

  it('shows each signed-in user their own account and sign-ins', async () => {
    await signIn(boss.email, 'wrong password');
    const res = await get('/api/account/overview', boss.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      email: boss.email,
      is_boss: true,
      seller_name: 'Acme Trading',
      pay_password: false,
    });
    expect(res.body.data.logins[0]).toMatchObject({ success: false });

    const staff = await createSeller(t.database.db, { sellerId: boss.sellerId, permissions: null });
    const own = await get('/api/account/overview', staff.token);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ email: staff.email, is_boss: false, logins: [] });
    expect((await get('/api/account/overview', undefined)).status).toBe(401);
  });
});

describe('staff made before groups existed', () => {
  it('hold no permission until the boss assigns a group, and list with no groups', async () => {
    // A staff row as the earlier schema wrote it: no user_groups row at all.
    const [legacy] = await t.database.db
      .insert(users)
      .values({
        sellerId: boss.sellerId,
        name: 'Legacy',
        email: 'legacy@example.com',
        passwordHash: (
          await t.database.db.select().from(users).where(eq(users.id, boss.userId))
        )[0]!.passwordHash,
      })
      .returning();
    const login = await signIn('legacy@example.com', boss.password);
    expect(login.status).toBe(200);
    const token = login.body.data.api_token as string;
    const menu = await get('/api/get-menu', token);
    expect(menu.body.data.perms).toEqual([]);
    expect((await get('/api/market/index', token)).status).toBe(403);
    const listed = await get('/api/user/index', boss.token, { keyword: 'legacy@' });
    expect(listed.body.data.list[0]).toMatchObject({ id: legacy!.id, group_ids: [] });
  });
});
