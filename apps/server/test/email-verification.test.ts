import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_LINK_RESEND_SECONDS } from '@app/shared';
import { emailVerifications, users } from '../src/db/schema.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, TEST_CAPTCHA, type TestApp } from './helper.ts';

let t: TestApp;
let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function api(method: 'GET' | 'POST', url: string, opts: Parameters<typeof call>[3] = {}) {
  return call(t.app, method, url, { ip: freshIp(), headers: { 'accept-language': 'en' }, ...opts });
}

/** The newest mail to `to` and the token of the link in it. */
async function latestLink(to: string): Promise<{ subject: string; body: string; token: string }> {
  const res = await api('GET', '/api/dev/outbox', { query: { recipient: to } });
  const mail = res.body.data[0];
  const token = /verify-email\?token=([\w-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no verification link in the outbox for ${to}`);
  return { subject: mail.subject, body: mail.body, token };
}

async function verifiedAt(userId: number): Promise<Date | null> {
  const [row] = await t.database.db
    .select({ at: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row!.at;
}

/** Each test's own account, so the one-a-minute resend limit of one never meets another's. */
const seller = (): Promise<SellerFixture> => createSeller(t.database.db);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('e-mail verification', () => {
  it('counts an address proven by the sign-up code as verified', async () => {
    const email = `new-${Date.now()}@example.com`;
    await api('POST', '/api/mail-code', { body: { email } });
    const outbox = await api('GET', '/api/dev/outbox', { query: { recipient: email } });
    const code = /\b(\d{6})\b/.exec(outbox.body.data[0].body)![1];
    const captcha = await api('POST', '/api/common/captcha');
    const res = await api('POST', '/api/register', {
      body: {
        name: 'Owner',
        email,
        code,
        password: 'Secret-pass-1',
        password_confirmation: 'Secret-pass-1',
        captcha: TEST_CAPTCHA,
        captcha_key: captcha.body.data.captcha_key,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.email_verified).toBe(true);
  });

  it('verifies an unverified address through a single-use link, in the user’s language', async () => {
    const me = await seller();
    const info = await api('GET', '/api/common/get-user-info', { token: me.token });
    expect(info.body.data.email_verified).toBe(false);
    await t.database.db.update(users).set({ language: 'zh-CN' }).where(eq(users.id, me.userId));

    expect((await api('POST', '/api/account/email/resend', { token: me.token })).status).toBe(200);
    const mail = await latestLink(me.email);
    expect(mail.subject).toContain('验证您在');
    expect(mail.body).toContain(me.email);

    const opened = await api('POST', '/api/account/email/verify', { body: { token: mail.token } });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toEqual({ email: me.email });
    expect(await verifiedAt(me.userId)).not.toBeNull();
    const state = await api('GET', '/api/account/email', { token: me.token });
    expect(state.body.data).toMatchObject({ email: me.email, verified: true, pending_email: null });

    const again = await api('POST', '/api/account/email/verify', { body: { token: mail.token } });
    expect(again.status).toBe(422);
    expect(again.body.data.fields.token).toMatch(/not valid/);
    // Nothing left to verify.
    const nothing = await api('POST', '/api/account/email/resend', { token: me.token });
    expect(nothing.status).toBe(422);
  });

  it('changes the e-mail only once the new address opens its link', async () => {
    const me = await seller();
    const newEmail = `changed-${me.userId}@example.com`;
    const wrong = await api('POST', '/api/account/email/change', {
      token: me.token,
      body: { email: newEmail, password: 'not-my-password' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.fields).toHaveProperty('password');
    const same = await api('POST', '/api/account/email/change', {
      token: me.token,
      body: { email: me.email, password: me.password },
    });
    expect(same.body.data.fields).toHaveProperty('email');
    const bad = await api('POST', '/api/account/email/change', {
      token: me.token,
      body: { email: 'not an address', password: me.password },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields).toHaveProperty('email');

    const asked = await api('POST', '/api/account/email/change', {
      token: me.token,
      body: { email: newEmail.toUpperCase(), password: me.password },
    });
    expect(asked.status).toBe(200);
    const pending = await api('GET', '/api/account/email', { token: me.token });
    expect(pending.body.data).toMatchObject({ email: me.email, pending_email: newEmail });
    expect(pending.body.data.resend_at).toBeGreaterThan(Date.now() / 1000);
    const mail = await latestLink(newEmail);
    expect(mail.subject).toBe('Verify your e-mail address for Seller Hub');

    // Not yet: sign-in and the profile still use the old address.
    const before = await api('GET', '/api/common/get-user-info', { token: me.token });
    expect(before.body.data.email).toBe(me.email);

    await api('POST', '/api/account/email/verify', { body: { token: mail.token } });
    const after = await api('GET', '/api/common/get-user-info', { token: me.token });
    expect(after.body.data).toMatchObject({ email: newEmail, email_verified: true });
  });

  it('refuses an address another account took meanwhile with 409', async () => {
    const me = await seller();
    const taken = await seller();
    const asked = await api('POST', '/api/account/email/change', {
      token: me.token,
      body: { email: taken.email, password: me.password },
    });
    expect(asked.status).toBe(409);
    expect(asked.body.data.fields).toHaveProperty('email');

    const free = `race-${me.userId}@example.com`;
    await api('POST', '/api/account/email/change', {
      token: me.token,
      body: { email: free, password: me.password },
    });
    const { token } = await latestLink(free);
    await t.database.db.update(users).set({ email: free }).where(eq(users.id, taken.userId));
    const opened = await api('POST', '/api/account/email/verify', { body: { token } });
    expect(opened.status).toBe(409);
  });

  it('sends one link a minute, and a new link replaces the old one', async () => {
    const me = await seller();
    vi.useFakeTimers({ now: new Date(), toFake: ['Date'] });
    try {
      await api('POST', '/api/account/email/resend', { token: me.token });
      const first = await latestLink(me.email);
      const soon = await api('POST', '/api/account/email/resend', { token: me.token });
      expect(soon.status).toBe(429);
      expect(soon.body.message).toMatch(/just sent/);
      expect(Number(soon.res.headers['retry-after'])).toBeGreaterThan(0);

      vi.setSystemTime(Date.now() + EMAIL_LINK_RESEND_SECONDS * 1000);
      expect((await api('POST', '/api/account/email/resend', { token: me.token })).status).toBe(
        200,
      );
      const second = await latestLink(me.email);
      expect(second.token).not.toBe(first.token);
      const old = await api('POST', '/api/account/email/verify', { body: { token: first.token } });
      expect(old.status).toBe(422);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an expired link', async () => {
    const me = await seller();
    await api('POST', '/api/account/email/resend', { token: me.token });
    const { token } = await latestLink(me.email);
    await t.database.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, me.userId));
    const res = await api('POST', '/api/account/email/verify', { body: { token } });
    expect(res.status).toBe(422);
    expect(res.body.key).toBe('account.email_link_expired');
    expect(await verifiedAt(me.userId)).toBeNull();
  });

  it('answers 401 without a session and 422 for a malformed token', async () => {
    expect((await api('GET', '/api/account/email')).status).toBe(401);
    expect((await api('POST', '/api/account/email/resend')).status).toBe(401);
    const blank = await api('POST', '/api/account/email/verify', { body: { token: '' } });
    expect(blank.status).toBe(422);
    expect(blank.body.data.fields).toHaveProperty('token');
  });
});
