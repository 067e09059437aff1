import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '@app/shared';
import type { App } from '../src/http/deps.ts';
import { sellers, users } from '../src/db/schema.ts';
import { DEMO_LOGINS, operatorPasswordFor } from '../src/seed/seed.ts';
import {
  buildTestApp,
  call,
  scratchDatabase,
  startApp,
  TEST_CAPTCHA,
  type TestApp,
} from './helper.ts';

const PASSWORD = 'Secret-pass-1';
let t: TestApp;
let ipCounter = 0;

function freshIp(): string {
  ipCounter += 1;
  return `10.2.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/**
 * Each call from its own address unless a test pins one, so per-IP limits only bite where meant;
 * in English, so the rate-limit messages can be read (their plurals included).
 */
function api(method: 'GET' | 'POST', url: string, opts: Parameters<typeof call>[3] = {}) {
  return call(t.app, method, url, { ip: freshIp(), headers: { 'accept-language': 'en' }, ...opts });
}

async function captchaKey(): Promise<string> {
  return (await api('POST', '/api/common/captcha')).body.data.captcha_key;
}

async function latestCode(recipient: string): Promise<string> {
  const res = await api('GET', '/api/dev/outbox', { query: { recipient } });
  const code = /\b(\d{6})\b/.exec(res.body.data[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

async function register(email: string): Promise<any> {
  await api('POST', '/api/mail-code', { body: { email } });
  const res = await api('POST', '/api/register', {
    body: {
      name: 'Owner',
      email,
      code: await latestCode(email),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      captcha: TEST_CAPTCHA,
      captcha_key: await captchaKey(),
    },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** A second account holding `mobile`, inserted directly: its password is never used. */
async function insertUserWithMobile(mobile: string): Promise<void> {
  const [seller] = await t.database.db
    .insert(sellers)
    .values({ name: 'Other' })
    .returning({ id: sellers.id });
  await t.database.db
    .insert(users)
    .values({ sellerId: seller!.id, name: 'Other', mobile, passwordHash: 'unused', isBoss: true });
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('account', () => {
  let owner: any;
  let token: string;
  beforeAll(async () => {
    owner = await register('owner@example.com');
    token = owner.api_token;
  });

  it('needs a seller token', async () => {
    for (const [method, url] of [
      ['POST', '/api/save-user-name'],
      ['GET', '/api/is-binded'],
      ['POST', '/api/is-subscribe'],
      ['POST', '/api/untie-user'],
    ] as const) {
      const res = await api(method, url, { body: method === 'POST' ? { name: 'x' } : undefined });
      expect(res.status, url).toBe(401);
      expect(res.body.code).toBe(401);
    }
  });

  it('getconfig is public and says the dev outbox is on in a demo', async () => {
    const res = await api('GET', '/api/getconfig');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      site_name: 'Seller Hub',
      register_enabled: true,
      mobile_login_enabled: true,
      router_mode: 'history',
      dev_outbox: true,
    });
  });

  it('saves the display name', async () => {
    expect(
      (await api('POST', '/api/save-user-name', { token, body: { name: '  Olivia  ' } })).status,
    ).toBe(200);
    expect((await api('GET', '/api/common/get-user-info', { token })).body.data.name).toBe(
      'Olivia',
    );
    const blank = await api('POST', '/api/save-user-name', { token, body: { name: '' } });
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.body.data.fields)).toEqual(['name']);
  });

  it('binds a new mobile number with a code sent to it', async () => {
    expect((await api('GET', '/api/is-binded', { token })).body.data).toEqual({
      mobile: false,
      email: true,
      pay_password: false,
      external: false,
    });
    const mobile = '13700000001';
    expect((await api('POST', '/api/update-sms-code', { token, body: { mobile } })).status).toBe(
      200,
    );
    const code = await latestCode(mobile);
    const wrong = await api('POST', '/api/save-mem-mobile', {
      token,
      body: { mobile, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.fields.code).toBeDefined();
    expect(
      (await api('POST', '/api/save-mem-mobile', { token, body: { mobile, code } })).status,
    ).toBe(200);
    expect((await api('GET', '/api/common/get-user-info', { token })).body.data.mobile).toBe(
      mobile,
    );
    expect((await api('GET', '/api/is-binded', { token })).body.data.mobile).toBe(true);

    const own = await api('POST', '/api/update-sms-code', { token, body: { mobile } });
    expect(own.status).toBe(422);
    expect(own.body.data.field_keys.mobile).toBe('account.same_mobile');
    const bad = await api('POST', '/api/update-sms-code', { token, body: { mobile: '12345' } });
    expect(bad.status).toBe(422);
    expect(bad.body.data.field_keys.mobile).toBe('validation.mobile');
  });

  it('refuses a number held by another account with 409, before and after the code', async () => {
    const taken = '13700000002';
    await insertUserWithMobile(taken);
    const send = await api('POST', '/api/update-sms-code', { token, body: { mobile: taken } });
    expect(send.status).toBe(409);
    expect(send.body.key).toBe('auth.mobile_taken');
    expect(send.body.data.fields.mobile).toBeDefined();
    const save = await api('POST', '/api/save-mem-mobile', {
      token,
      body: { mobile: taken, code: '123456' },
    });
    expect(save.status).toBe(409);
  });

  it('a code asked for by one account does not bind the number to another', async () => {
    const mobile = '13700000003';
    expect((await api('POST', '/api/update-sms-code', { token, body: { mobile } })).status).toBe(
      200,
    );
    const code = await latestCode(mobile);
    const other = await register('other-owner@example.com');
    const res = await api('POST', '/api/save-mem-mobile', {
      token: other.api_token,
      body: { mobile, code },
    });
    expect(res.status).toBe(422);
  });

  it('sets a 6-digit pay password after re-checking the login password', async () => {
    const short = await api('POST', '/api/save-pay-pwd', {
      token,
      body: { password: PASSWORD, pay_password: '12345', pay_password_confirmation: '12345' },
    });
    expect(short.status).toBe(422);
    expect(short.body.data.field_keys.pay_password).toBe('validation.pay_password');
    const mismatch = await api('POST', '/api/save-pay-pwd', {
      token,
      body: { password: PASSWORD, pay_password: '123456', pay_password_confirmation: '654321' },
    });
    expect(mismatch.body.data.field_keys).toEqual({
      pay_password_confirmation: 'validation.password_mismatch',
    });
    const wrong = await api('POST', '/api/save-pay-pwd', {
      token,
      body: {
        password: 'Wrong-pass-1',
        pay_password: '123456',
        pay_password_confirmation: '123456',
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.field_keys).toEqual({ password: 'account.login_password_incorrect' });

    const ok = await api('POST', '/api/save-pay-pwd', {
      token,
      body: { password: PASSWORD, pay_password: '123456', pay_password_confirmation: '123456' },
    });
    expect(ok.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.payPasswordHash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect((await api('GET', '/api/is-binded', { token })).body.data.pay_password).toBe(true);
  });

  it('changes the password, keeping this session and ending the others', async () => {
    const login = await api('POST', '/api/login', {
      body: {
        email: 'owner@example.com',
        password: PASSWORD,
        captcha: TEST_CAPTCHA,
        captcha_key: await captchaKey(),
      },
    });
    const other = login.body.data.api_token;
    const NEW = 'Changed-pass-2';

    const wrong = await api('POST', '/api/save-mem-pwd', {
      token,
      body: { old_password: 'Wrong-pass-1', password: NEW, password_confirmation: NEW },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.field_keys).toEqual({
      old_password: 'account.current_password_incorrect',
    });
    const weak = await api('POST', '/api/save-mem-pwd', {
      token,
      body: { old_password: PASSWORD, password: 'short', password_confirmation: 'other' },
    });
    expect(Object.keys(weak.body.data.fields).sort()).toEqual([
      'password',
      'password_confirmation',
    ]);
    for (const [password, reason] of [
      ['password', /too common/],
      ['Qwerty123', /too common/],
      ['OWNER@example.com', /e-mail or mobile/],
    ] as const) {
      const refused = await api('POST', '/api/save-mem-pwd', {
        token,
        body: { old_password: PASSWORD, password, password_confirmation: password },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.data.fields.password).toMatch(reason);
    }

    const ok = await api('POST', '/api/save-mem-pwd', {
      token,
      body: { old_password: PASSWORD, password: NEW, password_confirmation: NEW },
    });
    expect(ok.status).toBe(200);
    expect((await api('GET', '/api/common/get-user-info', { token })).status).toBe(200);
    expect((await api('GET', '/api/common/get-user-info', { token: other })).status).toBe(401);
    const relogin = await api('POST', '/api/login', {
      body: {
        email: 'owner@example.com',
        password: NEW,
        captcha: TEST_CAPTCHA,
        captcha_key: await captchaKey(),
      },
    });
    expect(relogin.status).toBe(200);
  });

  it('is-subscribe reflects the external binding and untie-user clears it', async () => {
    expect((await api('POST', '/api/is-subscribe', { token })).body.data).toEqual({
      subscribed: false,
    });
    await t.database.db
      .update(users)
      .set({ externalBinding: 'wx-openid-9' })
      .where(eq(users.id, owner.id));
    expect((await api('POST', '/api/is-subscribe', { token })).body.data).toEqual({
      subscribed: true,
    });
    expect((await api('GET', '/api/is-binded', { token })).body.data.external).toBe(true);
    expect((await api('POST', '/api/untie-user', { token })).status).toBe(200);
    expect((await api('POST', '/api/is-subscribe', { token })).body.data).toEqual({
      subscribed: false,
    });
  });

  it('lists the dev outbox, newest first, filtered by recipient', async () => {
    await api('POST', '/api/mail-code', { body: { email: 'outbox-a@example.com' } });
    await api('POST', '/api/mail-code', { body: { email: 'outbox-b@example.com' } });
    const all = await api('GET', '/api/dev/outbox');
    expect(all.status).toBe(200);
    expect(all.body.data[0]).toMatchObject({ channel: 'email', recipient: 'outbox-b@example.com' });
    expect(all.body.data[0].created_at).toBeGreaterThan(1_700_000_000);
    const one = await api('GET', '/api/dev/outbox', {
      query: { recipient: 'outbox-a@example.com' },
    });
    expect(one.body.data.map((m: any) => m.recipient)).toEqual(['outbox-a@example.com']);
  });
});

describe('rate limits', () => {
  function expectLimited(res: Awaited<ReturnType<typeof call>>, message: RegExp) {
    expect(res.status).toBe(429);
    expect(res.body.code).toBe(429);
    expect(res.body.key).toMatch(/^auth\.rate_limited\./);
    expect(res.body.message).toMatch(message);
    expect(res.body.message).toMatch(/Please try again in \d+ (seconds?|minutes)\./);
    expect(Number(res.res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('captcha: 30 a minute per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++)
      expect((await api('POST', '/api/common/captcha', { ip })).status).toBe(200);
    expectLimited(await api('POST', '/api/common/captcha', { ip }), /Too many captcha requests/);
    expect((await api('POST', '/api/common/captcha')).status).toBe(200);
  });

  it.runIf(process.env.TEST_REDIS_URL)(
    'with REDIS_URL, several server processes share one set of counters',
    async () => {
      const config = { REDIS_URL: process.env.TEST_REDIS_URL };
      const [a, b] = [await buildTestApp({ config }), await buildTestApp({ config })];
      try {
        // Redis outlives the test run, so every run counts against an address of its own.
        const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
        for (let i = 0; i < 15; i++) {
          expect(
            (
              await call(a.app, 'POST', '/api/common/captcha', {
                ip,
                headers: { 'accept-language': 'en' },
              })
            ).status,
          ).toBe(200);
          expect(
            (
              await call(b.app, 'POST', '/api/common/captcha', {
                ip,
                headers: { 'accept-language': 'en' },
              })
            ).status,
          ).toBe(200);
        }
        expectLimited(
          await call(a.app, 'POST', '/api/common/captcha', {
            ip,
            headers: { 'accept-language': 'en' },
          }),
          /Too many captcha/,
        );
        expectLimited(
          await call(b.app, 'POST', '/api/common/captcha', {
            ip,
            headers: { 'accept-language': 'en' },
          }),
          /Too many captcha/,
        );
      } finally {
        await a.close();
        await b.close();
      }
    },
  );

  it('login: 20 a minute per IP across every login endpoint, counted apart from other limits', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++)
      expect((await api('POST', '/api/login', { ip, body: {} })).status).toBe(422);
    const limited = await api('POST', '/api/login', { ip, body: {} });
    expectLimited(limited, /Too many login attempts from this network/);
    expect(Number(limited.res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expectLimited(await api('POST', '/api/login-by-mobile', { ip, body: {} }), /from this network/);
    expectLimited(await api('POST', '/api/sys/login/login', { ip, body: {} }), /from this network/);
    expect((await api('POST', '/api/common/captcha', { ip })).status).toBe(200);
    expect((await api('POST', '/api/login', { body: {} })).status).toBe(422);
  });

  it('login: 10 failed checks per 15 minutes per account, from any IP; captcha failures do not count', async () => {
    const mobile = '13600000001';
    for (let i = 0; i < 10; i++) {
      const res = await api('POST', '/api/login-by-mobile', { body: { mobile, code: '000000' } });
      expect(res.status).toBe(422);
    }
    const limited = await api('POST', '/api/login-by-mobile', { body: { mobile, code: '000000' } });
    expectLimited(limited, /Too many failed login attempts for this account/);
    expect(Number(limited.res.headers['retry-after'])).toBeGreaterThan(60);
    expectLimited(
      await api('POST', '/api/login-by-mobile', {
        body: {
          mobile,
          password: 'anything',
          captcha: TEST_CAPTCHA,
          captcha_key: await captchaKey(),
        },
      }),
      /this account/,
    );
    expect(
      (
        await api('POST', '/api/login-by-mobile', {
          body: { mobile: '13600000002', code: '000000' },
        })
      ).status,
    ).toBe(422);

    for (let i = 0; i < 12; i++) {
      const res = await api('POST', '/api/login', {
        body: {
          email: 'victim@example.com',
          password: 'guess',
          captcha: 'nope',
          captcha_key: 'nope',
        },
      });
      expect(res.status).toBe(422);
      expect(res.body.data.fields.captcha).toBeDefined();
    }
  });

  it('codes: 20 an hour per IP across every code endpoint', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++)
      expect((await api('POST', '/api/mail-code', { ip, body: {} })).status).toBe(422);
    expectLimited(
      await api('POST', '/api/mail-code', { ip, body: {} }),
      /Too many verification codes requested from this network/,
    );
    expectLimited(await api('POST', '/api/forget-sms-code', { ip, body: {} }), /from this network/);
  });

  it('codes: 5 sent an hour per address; refused requests do not use up the quota', async () => {
    const email = 'quota@example.com';
    for (let i = 0; i < 5; i++)
      expect((await api('POST', '/api/mail-code', { body: { email } })).status).toBe(200);
    expectLimited(
      await api('POST', '/api/mail-code', { body: { email } }),
      /Too many verification codes sent to this address/,
    );
    expect(
      (await api('POST', '/api/mail-code', { body: { email: 'other-quota@example.com' } })).status,
    ).toBe(200);

    const mobile = '13600000003';
    for (let i = 0; i < 6; i++) {
      const res = await api('POST', '/api/register-sms-code', {
        body: { mobile, captcha: 'nope', captcha_key: 'nope' },
      });
      expect(res.status).toBe(422);
    }
    const sent = await api('POST', '/api/register-sms-code', {
      body: { mobile, captcha: TEST_CAPTCHA, captcha_key: await captchaKey() },
    });
    expect(sent.status).toBe(200);
  });
});

describe('without DEMO (production mode)', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await buildTestApp({
      config: {
        DEMO: false,
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:9',
        SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
        // Production sealing needs a configured key (64 hex digits).
        STORE_SECRET_KEY: 'ab'.repeat(32),
      },
    });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('has no dev outbox, says so in getconfig, and ignores a DEV_CAPTCHA_ANSWER that slipped through', async () => {
    const outbox = await call(prod.app, 'GET', '/api/dev/outbox');
    expect(outbox.status).toBe(404);
    expect(outbox.body.code).toBe(404);
    expect((await call(prod.app, 'GET', '/api/getconfig')).body.data.dev_outbox).toBe(false);
    const key = (await call(prod.app, 'POST', '/api/common/captcha')).body.data.captcha_key;
    const res = await call(prod.app, 'POST', '/api/forget-sms-code', {
      body: { mobile: '13600000009', captcha: TEST_CAPTCHA, captcha_key: key },
    });
    expect(res.status).toBe(422);
    expect(res.body.data.field_keys.captcha).toBe('auth.captcha_incorrect');
  });

  it('publishes no API docs and mounts no simulator', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/__sim/amazon/apps/authorize/consent']) {
      expect((await prod.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('has no default operator password', () => {
    expect(operatorPasswordFor({ DEMO: false, ADMIN_PASSWORD: undefined })).toBeNull();
    expect(operatorPasswordFor({ DEMO: false, ADMIN_PASSWORD: 'Long-operator-pass' })).toBe(
      'Long-operator-pass',
    );
    expect(operatorPasswordFor({ DEMO: true, ADMIN_PASSWORD: undefined })).toBe(
      DEMO_LOGINS.admin.password,
    );
  });
});

describe('tokens live in the database', () => {
  async function registerRita(app: App): Promise<UserInfo> {
    const key = (await call(app, 'POST', '/api/common/captcha')).body.data.captcha_key;
    await call(app, 'POST', '/api/mail-code', { body: { email: 'rita@example.com' } });
    const outbox = await call(app, 'GET', '/api/dev/outbox', {
      query: { recipient: 'rita@example.com' },
    });
    const registered = await call(app, 'POST', '/api/register', {
      body: {
        name: 'Rita',
        email: 'rita@example.com',
        code: /\b(\d{6})\b/.exec(outbox.body.data[0].body)?.[1],
        password: PASSWORD,
        password_confirmation: PASSWORD,
        captcha: TEST_CAPTCHA,
        captcha_key: key,
      },
    });
    expect(registered.status).toBe(200);
    return registered.body.data;
  }

  it('a token stays valid after the server restarts on the same database', async () => {
    const store = await scratchDatabase();
    try {
      const firstDb = await store.open();
      const first = await startApp(firstDb);
      const rita = await registerRita(first.app);
      await first.stop();
      await firstDb.close();

      const secondDb = await store.open();
      const second = await startApp(secondDb);
      try {
        const info = await call(second.app, 'GET', '/api/common/get-user-info', {
          token: rita.api_token,
        });
        expect(info.status).toBe(200);
        expect(info.body.data).toEqual(rita);
      } finally {
        await second.stop();
        await secondDb.close();
      }
    } finally {
      await store.remove();
    }
  });

  // PGlite is one process by design; several server processes share a PostgreSQL server.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a token from one server process works on another, and a logout on one ends it on both',
    async () => {
      // Empty, as a new deployment's: both processes start on it as they would there.
      const store = await scratchDatabase({ empty: true });
      const [dbA, dbB] = [await store.open(), await store.open()];
      const [a, b] = [await startApp(dbA), await startApp(dbB)];
      try {
        const rita = await registerRita(a.app);
        const onB = await call(b.app, 'GET', '/api/common/get-user-info', {
          token: rita.api_token,
        });
        expect(onB.status).toBe(200);
        expect(onB.body.data.name).toBe('Rita');

        expect((await call(b.app, 'POST', '/api/logout', { token: rita.api_token })).status).toBe(
          200,
        );
        const onA = await call(a.app, 'GET', '/api/common/get-user-info', {
          token: rita.api_token,
        });
        expect(onA.status).toBe(401);
        expect(onA.body.code).toBe(401);
      } finally {
        await a.stop();
        await b.stop();
        await dbA.close();
        await dbB.close();
        await store.remove();
      }
    },
  );
});
