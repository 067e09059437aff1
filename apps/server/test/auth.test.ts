import { eq, sql } from 'drizzle-orm';
import type * as SvgCaptcha from 'svg-captcha';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKEN_TTL_SECONDS } from '@app/shared';
import { loadConfig } from '../src/config.ts';
import { captchas, sessions, users, verificationCodes } from '../src/db/schema.ts';
import { buildTestApp, call, TEST_CAPTCHA, type TestApp } from './helper.ts';

// Records the text of every captcha image so tests can answer real captchas.
const captchaTexts = vi.hoisted(() => [] as string[]);
vi.mock('svg-captcha', async (importOriginal) => {
  const real = await importOriginal<typeof SvgCaptcha>();
  return {
    ...real,
    create: (options?: Parameters<typeof real.create>[0]) => {
      const made = real.create(options);
      captchaTexts.push(made.text);
      return made;
    },
  };
});

const PASSWORD = 'Secret-pass-1';
let t: TestApp;
let ipCounter = 0;

/** Each call from its own address, so the per-IP limits only bite where a test means them to. */
function api(method: 'GET' | 'POST', url: string, opts: Parameters<typeof call>[3] = {}) {
  ipCounter += 1;
  return call(t.app, method, url, {
    ip: `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`,
    ...opts,
  });
}

async function captchaKey(): Promise<string> {
  const res = await api('POST', '/api/common/captcha');
  expect(res.status).toBe(200);
  return res.body.data.captcha_key;
}

async function withCaptcha<T extends object>(
  body: T,
): Promise<T & { captcha: string; captcha_key: string }> {
  return { ...body, captcha: TEST_CAPTCHA, captcha_key: await captchaKey() };
}

async function latestCode(recipient: string): Promise<string> {
  const res = await api('GET', '/api/dev/outbox', { query: { recipient } });
  const body: string | undefined = res.body.data[0]?.body;
  const code = body && /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

async function outboxCount(recipient: string): Promise<number> {
  return (await api('GET', '/api/dev/outbox', { query: { recipient } })).body.data.length;
}

/** The sign-up code mail-code sends to `email`. */
async function mailCode(email: string): Promise<string> {
  expect((await api('POST', '/api/mail-code', { body: { email } })).status).toBe(200);
  return latestCode(email);
}

async function registerByEmail(email: string, name = 'Alice'): Promise<any> {
  const code = await mailCode(email);
  const res = await api('POST', '/api/register', {
    body: await withCaptcha({
      name,
      email,
      code,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    }),
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function registerByMobile(mobile: string, extra: Record<string, unknown> = {}): Promise<any> {
  expect(
    (await api('POST', '/api/register-sms-code', { body: await withCaptcha({ mobile }) })).status,
  ).toBe(200);
  const res = await api('POST', '/api/register-by-mobile', {
    body: {
      name: 'Mobile User',
      mobile,
      password: PASSWORD,
      code: await latestCode(mobile),
      ...extra,
    },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('captcha', () => {
  it('returns an SVG data URL and a key, storing only a hash of the 4-character answer', async () => {
    const res = await api('POST', '/api/common/captcha');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const { captcha_key, image } = res.body.data;
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(image.split(',')[1], 'base64').toString()).toContain('<svg');
    const text = captchaTexts.at(-1)!;
    expect(text).toMatch(/^[A-HJKMNP-Z2-9]{4}$/);
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.key, captcha_key));
    expect(row!.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.answerHash).not.toContain(text);
    const ttl = (row!.expiresAt.getTime() - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(290);
    expect(ttl).toBeLessThanOrEqual(300);
  });

  it('accepts the real answer case-insensitively, once; a wrong guess spends the key', async () => {
    const key = await captchaKey();
    const answer = captchaTexts.at(-1)!.toLowerCase();
    const body = { mobile: '13900000099', captcha: answer, captcha_key: key };
    expect((await api('POST', '/api/forget-sms-code', { body })).status).toBe(200);
    const reused = await api('POST', '/api/forget-sms-code', { body });
    expect(reused.status).toBe(422);
    expect(reused.body.data.field_keys.captcha).toBe('auth.captcha_expired');

    const key2 = await captchaKey();
    const right = captchaTexts.at(-1)!;
    const wrong = await api('POST', '/api/forget-sms-code', {
      body: { ...body, captcha: 'ZZZZ9', captcha_key: key2 },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.field_keys).toEqual({ captcha: 'auth.captcha_incorrect' });
    const afterWrong = await api('POST', '/api/forget-sms-code', {
      body: { ...body, captcha: right, captcha_key: key2 },
    });
    expect(afterWrong.status).toBe(422);
  });

  it('refuses an expired or unknown key', async () => {
    const key = await captchaKey();
    await t.database.db
      .update(captchas)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchas.key, key));
    const expired = await api('POST', '/api/forget-sms-code', {
      body: { mobile: '13900000099', captcha: captchaTexts.at(-1)!, captcha_key: key },
    });
    expect(expired.status).toBe(422);
    expect(expired.body.data.field_keys.captcha).toBe('auth.captcha_expired');
    const unknown = await api('POST', '/api/forget-sms-code', {
      body: { mobile: '13900000099', captcha: TEST_CAPTCHA, captcha_key: 'no-such-key' },
    });
    expect(unknown.status).toBe(422);
  });

  it('accepts DEV_CAPTCHA_ANSWER outside production, and the config refuses it in production', async () => {
    expect(
      (
        await api('POST', '/api/forget-sms-code', {
          body: await withCaptcha({ mobile: '13900000099' }),
        })
      ).status,
    ).toBe(200);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DEV_CAPTCHA_ANSWER: 'x', STORE_SECRET_KEY: 'k' }),
    ).toThrow(/DEV_CAPTCHA_ANSWER/);
    expect(() => loadConfig({ DEV_CAPTCHA_ANSWER: 'x' })).toThrow(
      /DEV_CAPTCHA_ANSWER: only with DEMO=1/,
    );
  });
});

describe('password policy (ASVS 6.2): 8+ characters, not common, not the login', () => {
  async function registerWith(email: string, password: string, code = '123456') {
    return api('POST', '/api/register', {
      body: await withCaptcha({
        name: 'P',
        email,
        code,
        password,
        password_confirmation: password,
      }),
    });
  }

  it('refuses the most common passwords on sign-up, whatever their case, keeping the code', async () => {
    const code = await mailCode('common@example.com');
    for (const password of ['12345678', 'password', 'PASSWORD', 'iloveyou', 'sunshine1']) {
      const res = await registerWith('common@example.com', password, code);
      expect(res.status).toBe(422);
      expect(res.body.data.field_keys.password).toBe('auth.password_too_common');
    }
    expect((await registerWith('common@example.com', 'sunshine-lotus-9', code)).status).toBe(200);
  });

  it('refuses the e-mail or mobile as the password on sign-up', async () => {
    const byEmail = await registerWith('same@example.com', 'same@example.com');
    expect(byEmail.status).toBe(422);
    expect(byEmail.body.data.field_keys.password).toBe('validation.password_is_login');
    const mobile = '13900000091';
    const byMobile = await api('POST', '/api/register-by-mobile', {
      body: { name: 'M', mobile, password: mobile, code: '123456' },
    });
    expect(byMobile.status).toBe(422);
    expect(byMobile.body.data.field_keys.password).toBe('validation.password_is_login');
    const common = await api('POST', '/api/register-by-mobile', {
      body: { name: 'M', mobile, password: 'qwerty123', code: '123456' },
    });
    expect(common.body.data.field_keys.password).toBe('auth.password_too_common');
  });

  it('refuses a common password on reset without spending the code', async () => {
    const mobile = '13900000092';
    await registerByMobile(mobile);
    await api('POST', '/api/forget-sms-code', { body: await withCaptcha({ mobile }) });
    const code = await latestCode(mobile);
    const common = await api('POST', '/api/forget-by-mobile', {
      body: { mobile, code, password: '1q2w3e4r', password_confirmation: '1q2w3e4r' },
    });
    expect(common.status).toBe(422);
    expect(common.body.data.field_keys.password).toBe('auth.password_too_common');
    const NEW = 'Lotus-reset-77';
    const res = await api('POST', '/api/forget-by-mobile', {
      body: { mobile, code, password: NEW, password_confirmation: NEW },
    });
    expect(res.status).toBe(200);
  });
});

describe('register and login by e-mail', () => {
  let alice: any;
  beforeAll(async () => {
    alice = await registerByEmail('alice@example.com');
  });

  it('creates a seller with its boss at the lowest member level and logs in', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(alice).toMatchObject({
      name: 'Alice',
      email: 'alice@example.com',
      mobile: null,
      is_boss: true,
      level_name: '普通会员',
      level_name_en: 'Regular',
    });
    expect(alice.api_token).toMatch(/^[\w-]{43}$/);
    expect(alice.expires_at).toBeGreaterThanOrEqual(now + TOKEN_TTL_SECONDS - 5);
    expect(alice.expires_at).toBeLessThanOrEqual(now + TOKEN_TTL_SECONDS + 5);
    expect(Math.abs(alice.created_at - now)).toBeLessThan(10);
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.subjectId, alice.id));
    expect(session!.tokenHash).not.toBe(alice.api_token);
  });

  it('answers a registered address like a free one, unless the code proves the mailbox', async () => {
    for (const email of ['alice@example.com', 'nobody-yet@example.com']) {
      const guess = await api('POST', '/api/register', {
        body: await withCaptcha({
          name: 'Eve',
          email,
          code: '000000',
          password: PASSWORD,
          password_confirmation: PASSWORD,
        }),
      });
      expect({ email, status: guess.status, fields: guess.body.data.field_keys }).toEqual({
        email,
        status: 422,
        fields: { code: 'auth.code_invalid' },
      });
      expect((await api('POST', '/api/mail-code', { body: { email } })).body).toEqual({
        code: 0,
        data: null,
        message: 'success',
      });
    }
  });

  it('answers 409 naming the e-mail for a duplicate, whatever its case, to the mailbox holder', async () => {
    const res = await api('POST', '/api/register', {
      body: await withCaptcha({
        name: 'Eve',
        email: 'ALICE@example.com',
        code: await mailCode('alice@example.com'),
        password: PASSWORD,
        password_confirmation: PASSWORD,
      }),
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(409);
    expect(res.body.key).toBe('auth.email_taken');
    expect(res.body.data.field_keys.email).toBe('auth.email_taken');
  });

  it('answers 422 naming each bad field', async () => {
    const weak = await api('POST', '/api/register', {
      body: {
        name: '',
        email: 'not-an-email',
        code: '123456',
        password: 'short',
        password_confirmation: 'short',
        captcha: 'x',
        captcha_key: 'k',
      },
    });
    expect(weak.status).toBe(422);
    expect(Object.keys(weak.body.data.fields).sort()).toEqual(['email', 'name', 'password']);
    expect(weak.body.data.field_keys.password).toBe('validation.password_too_short');

    const mismatch = await api('POST', '/api/register', {
      body: {
        name: 'Bob',
        email: 'bob@example.com',
        code: '123456',
        password: PASSWORD,
        password_confirmation: 'Other-pass-1',
        captcha: 'x',
        captcha_key: 'k',
      },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.data.field_keys).toEqual({
      password_confirmation: 'validation.password_mismatch',
    });

    const missing = await api('POST', '/api/login', {
      body: { email: 'alice@example.com', password: PASSWORD },
    });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.data.fields).sort()).toEqual(['captcha', 'captcha_key']);
  });

  it('logs in with a new token each time; a wrong password or unknown e-mail gives the same 422', async () => {
    const res = await api('POST', '/api/login', {
      body: await withCaptcha({ email: 'Alice@Example.com', password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(alice.id);
    expect(res.body.data.api_token).not.toBe(alice.api_token);

    const wrong = await api('POST', '/api/login', {
      body: await withCaptcha({ email: 'alice@example.com', password: 'Wrong-pass-1' }),
    });
    const unknown = await api('POST', '/api/login', {
      body: await withCaptcha({ email: 'nobody@example.com', password: PASSWORD }),
    });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(422);
      expect(r.body.data.field_keys).toEqual({ password: 'auth.email_or_password_incorrect' });
    }

    const badCaptcha = await api('POST', '/api/login', {
      body: {
        email: 'alice@example.com',
        password: PASSWORD,
        captcha: 'nope',
        captcha_key: await captchaKey(),
      },
    });
    expect(badCaptcha.status).toBe(422);
    expect(badCaptcha.body.data.field_keys).toEqual({ captcha: 'auth.captcha_incorrect' });
  });

  it('answers 403 for a disabled account once the password is right', async () => {
    const disabled = await registerByEmail('disabled@example.com');
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.id, disabled.id));
    const res = await api('POST', '/api/login', {
      body: await withCaptcha({ email: 'disabled@example.com', password: PASSWORD }),
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
    expect(
      (await api('GET', '/api/common/get-user-info', { token: disabled.api_token })).status,
    ).toBe(401);
  });
});

describe('tokens', () => {
  let user: any;
  beforeAll(async () => {
    user = await registerByEmail('tokens@example.com', 'Tess');
  });

  it('get-user-info returns the bearer token and its own expiry', async () => {
    const res = await api('GET', '/api/common/get-user-info', { token: user.api_token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(user);
    const anonymous = await api('GET', '/api/common/get-user-info');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      code: 401,
      key: 'auth.session_expired',
      data: null,
      message: '身份已过期，请重新登录',
    });
  });

  it('auto-login swaps a valid token for a new one and revokes the old', async () => {
    const res = await api('POST', '/api/auto-login', { body: { token: user.api_token } });
    expect(res.status).toBe(200);
    const fresh = res.body.data;
    expect(fresh.id).toBe(user.id);
    expect(fresh.api_token).not.toBe(user.api_token);
    expect((await api('GET', '/api/common/get-user-info', { token: user.api_token })).status).toBe(
      401,
    );
    expect((await api('POST', '/api/auto-login', { body: { token: user.api_token } })).status).toBe(
      401,
    );
    expect((await api('POST', '/api/auto-login', { body: { token: 'x'.repeat(43) } })).status).toBe(
      401,
    );
    expect(
      (await api('POST', '/api/auto-login', { body: { token: 'short' } })).body.data.fields.token,
    ).toBeDefined();
    user = fresh;
  });

  it('an expired token answers 401', async () => {
    const other = (await api('POST', '/api/auto-login', { body: { token: user.api_token } })).body
      .data;
    user = other;
    const second = await api('POST', '/api/login', {
      body: await withCaptcha({ email: 'tokens@example.com', password: PASSWORD }),
    });
    const token = second.body.data.api_token;
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${sessions.id} = (select max(id) from ${sessions} where subject_id = ${user.id})`);
    const res = await api('GET', '/api/common/get-user-info', { token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
    expect((await api('GET', '/api/common/get-user-info', { token: user.api_token })).status).toBe(
      200,
    );
  });

  it('logout revokes only the current token', async () => {
    const second = await api('POST', '/api/auto-login', { body: { token: user.api_token } });
    const token = second.body.data.api_token;
    const other = await api('POST', '/api/login', {
      body: await withCaptcha({ email: 'tokens@example.com', password: PASSWORD }),
    });
    expect((await api('POST', '/api/logout', { token })).status).toBe(200);
    const after = await api('GET', '/api/common/get-user-info', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
    expect((await api('POST', '/api/logout', { token })).status).toBe(401);
    expect(
      (await api('GET', '/api/common/get-user-info', { token: other.body.data.api_token })).status,
    ).toBe(200);
  });
});

describe('mobile accounts and codes', () => {
  it('registers by mobile with an SMS code; a taken number answers like a free one', async () => {
    const info = await registerByMobile('13900000001');
    expect(info).toMatchObject({
      mobile: '13900000001',
      email: null,
      is_boss: true,
      level_name: '普通会员',
      level_name_en: 'Regular',
    });

    // The same answers as for a number nobody holds: 200 to the code request, 422 to a guess.
    for (const mobile of ['13900000001', '13900000081']) {
      const sent = await api('POST', '/api/register-sms-code', {
        body: await withCaptcha({ mobile }),
      });
      expect({ mobile, status: sent.status, body: sent.body }).toEqual({
        mobile,
        status: 200,
        body: { code: 0, data: null, message: 'success' },
      });
      const direct = await api('POST', '/api/register-by-mobile', {
        body: { name: 'X', mobile, password: PASSWORD, code: '000000' },
      });
      expect({ mobile, status: direct.status, fields: direct.body.data.field_keys }).toEqual({
        mobile,
        status: 422,
        fields: { code: 'auth.code_invalid' },
      });
    }
    // Only the holder of the registered number hears about it, and gets no code.
    const notice = (await api('GET', '/api/dev/outbox', { query: { recipient: '13900000001' } }))
      .body.data[0];
    expect(notice.body).toMatch(/already has an account/);
    expect(notice.body).not.toMatch(/\b\d{6}\b/);
  });

  it('sends the code in Chinese and English and stores only its hash', async () => {
    await api('POST', '/api/register-sms-code', {
      body: await withCaptcha({ mobile: '13900000002' }),
    });
    const [message] = (await api('GET', '/api/dev/outbox', { query: { recipient: '13900000002' } }))
      .body.data;
    expect(message).toMatchObject({ channel: 'sms', recipient: '13900000002' });
    expect(message.body).toMatch(/验证码 \d{6}/);
    expect(message.body).toMatch(/your code to sign up is \d{6}/);
    const code = await latestCode('13900000002');
    const rows = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, '13900000002'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.purpose).toBe('register');
  });

  it('logs in by mobile with the password or a login code, and binds an external account', async () => {
    const mobile = '13900000003';
    const registered = await registerByMobile(mobile);

    // A password login passes the captcha the e-mail login asks for.
    const noCaptcha = await api('POST', '/api/login-by-mobile', {
      body: { mobile, password: PASSWORD },
    });
    expect(noCaptcha.status).toBe(422);
    expect(noCaptcha.body.data.field_keys).toMatchObject({
      captcha: 'validation.required',
      captcha_key: 'validation.required',
    });
    const badCaptcha = await api('POST', '/api/login-by-mobile', {
      body: { mobile, password: PASSWORD, captcha: 'nope', captcha_key: await captchaKey() },
    });
    expect(badCaptcha.status).toBe(422);
    expect(Object.keys(badCaptcha.body.data.field_keys)).toEqual(['captcha']);
    const byPassword = await api('POST', '/api/login-by-mobile', {
      body: await withCaptcha({ mobile, password: PASSWORD }),
    });
    expect(byPassword.status).toBe(200);
    expect(byPassword.body.data.id).toBe(registered.id);
    const wrong = await api('POST', '/api/login-by-mobile', {
      body: await withCaptcha({ mobile, password: 'Wrong-pass-1' }),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.field_keys).toEqual({ password: 'auth.mobile_or_password_incorrect' });
    const neither = await api('POST', '/api/login-by-mobile', { body: { mobile } });
    expect(neither.status).toBe(422);
    expect(neither.body.data.fields.password).toBeDefined();

    expect(
      (await api('POST', '/api/mobile-sms-code', { body: await withCaptcha({ mobile }) })).status,
    ).toBe(200);
    const code = await latestCode(mobile);
    const noEncode = await api('POST', '/api/login-by-mobile', {
      body: { mobile, code, isBind: 1 },
    });
    expect(noEncode.status).toBe(422);
    expect(noEncode.body.data.fields.encode).toBeDefined();
    const byCode = await api('POST', '/api/login-by-mobile', {
      body: { mobile, code, isBind: 1, encode: 'wx-openid-1' },
    });
    expect(byCode.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, registered.id));
    expect(row!.externalBinding).toBe('wx-openid-1');
    const reused = await api('POST', '/api/login-by-mobile', { body: { mobile, code } });
    expect(reused.status).toBe(422);
    expect(reused.body.data.field_keys.code).toBe('auth.code_invalid');
  });

  it('sends nothing to unknown numbers for login and reset codes, with the same answer', async () => {
    const mobile = '13900000077';
    expect(
      (await api('POST', '/api/mobile-sms-code', { body: await withCaptcha({ mobile }) })).status,
    ).toBe(200);
    expect(
      (await api('POST', '/api/forget-sms-code', { body: await withCaptcha({ mobile }) })).status,
    ).toBe(200);
    expect(await outboxCount(mobile)).toBe(0);
    const login = await api('POST', '/api/login-by-mobile', { body: { mobile, code: '000000' } });
    expect(login.status).toBe(422);
    expect(login.body.data.fields.code).toBeDefined();
  });

  it('resets the password by mobile and ends every session of the account', async () => {
    const mobile = '13900000004';
    const registered = await registerByMobile(mobile);
    const second = (
      await api('POST', '/api/login-by-mobile', {
        body: await withCaptcha({ mobile, password: PASSWORD }),
      })
    ).body.data;
    expect(
      (await api('POST', '/api/forget-sms-code', { body: await withCaptcha({ mobile }) })).status,
    ).toBe(200);
    const code = await latestCode(mobile);
    const weak = await api('POST', '/api/forget-by-mobile', {
      body: { mobile, code, password: 'short', password_confirmation: 'short' },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.data.field_keys.password).toBe('validation.password_too_short');

    const NEW = 'Brand-new-pass-2';
    const res = await api('POST', '/api/forget-by-mobile', {
      body: { mobile, code, password: NEW, password_confirmation: NEW },
    });
    expect(res.status).toBe(200);
    for (const token of [registered.api_token, second.api_token]) {
      expect((await api('GET', '/api/common/get-user-info', { token })).status).toBe(401);
    }
    expect(
      (
        await api('POST', '/api/login-by-mobile', {
          body: await withCaptcha({ mobile, password: NEW }),
        })
      ).status,
    ).toBe(200);
    const again = await api('POST', '/api/forget-by-mobile', {
      body: { mobile, code, password: NEW, password_confirmation: NEW },
    });
    expect(again.status).toBe(422);
  });

  it('e-mail codes: single use, superseded by a newer code, dead after 5 checks, expire', async () => {
    const email = 'codes@example.com';
    const send = () => api('POST', '/api/mail-code', { body: { email } });
    const check = (code: string) => api('POST', '/api/check-mail-code', { body: { email, code } });

    expect((await send()).status).toBe(200);
    const first = await latestCode(email);
    const ok = await check(first);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ verified: true });
    expect((await check(first)).status).toBe(422);

    await send();
    const older = await latestCode(email);
    await send();
    const newer = await latestCode(email);
    if (older !== newer) expect((await check(older)).status).toBe(422);
    expect((await check(newer)).status).toBe(200);

    await send();
    const code = await latestCode(email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await check(wrongCode);
      expect(r.status).toBe(422);
      expect(r.body.data.fields.code).toBeDefined();
    }
    expect((await check(code)).status).toBe(422);
  });

  it('an expired code is refused', async () => {
    const email = 'expiry@example.com';
    await api('POST', '/api/mail-code', { body: { email } });
    const code = await latestCode(email);
    await t.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.target, email));
    expect((await api('POST', '/api/check-mail-code', { body: { email, code } })).status).toBe(422);
    const bad = await api('POST', '/api/check-mail-code', { body: { email, code: '12ab' } });
    expect(bad.body.data.field_keys.code).toBe('validation.code');
  });
});

describe('operator login', () => {
  it('logs in an operator with captchaId/verifyCode and logs out', async () => {
    const captchaId = await captchaKey();
    const res = await api('POST', '/api/sys/login/login', {
      body: { username: 'admin', password: 'Admin@123456', captchaId, verifyCode: TEST_CAPTCHA },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.expire).toBe(604800);
    const token = res.body.data.token;

    expect((await api('GET', '/api/common/get-user-info', { token })).status).toBe(403);
    expect((await api('POST', '/api/sys/login/logout', { token })).status).toBe(200);
    expect((await api('POST', '/api/sys/login/logout', { token })).status).toBe(401);
  });

  it('names the field on a wrong captcha or password; a seller token cannot use operator logout', async () => {
    const badCaptcha = await api('POST', '/api/sys/login/login', {
      body: {
        username: 'admin',
        password: 'Admin@123456',
        captchaId: await captchaKey(),
        verifyCode: 'nope',
      },
    });
    expect(badCaptcha.status).toBe(422);
    expect(badCaptcha.body.data.field_keys).toEqual({ verifyCode: 'auth.captcha_incorrect' });
    const badPassword = await api('POST', '/api/sys/login/login', {
      body: {
        username: 'admin',
        password: 'wrong',
        captchaId: await captchaKey(),
        verifyCode: TEST_CAPTCHA,
      },
    });
    expect(badPassword.status).toBe(422);
    expect(badPassword.body.data.field_keys).toEqual({
      password: 'auth.username_or_password_incorrect',
    });

    const seller = await registerByEmail('seller-not-admin@example.com');
    expect((await api('POST', '/api/sys/login/logout', { token: seller.api_token })).status).toBe(
      403,
    );
  });
});
