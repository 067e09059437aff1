import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';

/** Messages rendered per request: the saved language, else Accept-Language, else zh-CN. */
let t: TestApp;
let seller: SellerFixture;
let ipCount = 0;
const freshIp = () => `10.9.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t.database.db);
});
afterAll(() => t?.close());

const EN = { 'accept-language': 'en-GB,en;q=0.9' };

function api(
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return call(t.app, method, url, { ip: freshIp(), ...opts });
}

/** A multipart body by hand, so a test can send what a browser would not. */
function multipartBody(parts: Array<{ name: string; filename?: string; content: string }>) {
  const boundary = 'i18nBoundary';
  const body = parts
    .map(
      (p) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
        `${p.filename ? `; filename="${p.filename}"` : ''}\r\n\r\n${p.content}\r\n`,
    )
    .join('');
  return {
    payload: `${body}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('server messages in zh-CN and en', () => {
  it('renders a field error in zh-CN by default and in English on request', async () => {
    const zh = await api('POST', '/api/save-user-name', {
      token: seller.token,
      body: { name: '' },
    });
    expect(zh.status).toBe(422);
    expect(zh.body).toMatchObject({
      code: 422,
      key: 'validation.invalid_input',
      message: '输入有误',
      data: { fields: { name: '请填写此项' }, field_keys: { name: 'validation.required' } },
    });
    const en = await api('POST', '/api/save-user-name', {
      token: seller.token,
      body: { name: 'x'.repeat(51) },
      headers: EN,
    });
    expect(en.body).toMatchObject({
      key: 'validation.invalid_input',
      message: 'Invalid input',
      data: {
        fields: { name: 'Use at most 50 characters' },
        field_keys: { name: 'validation.too_long' },
      },
    });
  });

  it('renders a business error (409), a 404, a 401 and a 429', async () => {
    const template = { name: 'Same', columns: ['order_number'], one_row_per: 'order' };
    const save = (headers?: Record<string, string>) =>
      api('POST', '/api/cw-order/export-template-save', {
        token: seller.token,
        body: template,
        headers,
      });
    expect((await save()).status).toBe(200);
    const zh = await save();
    expect(zh.status).toBe(409);
    expect(zh.body).toMatchObject({ key: 'orders.template_name_taken', message: '已有同名模板' });
    expect((await save(EN)).body.message).toBe('A template with this name exists');

    const missing = await api('GET', '/api/nope');
    expect(missing.body).toMatchObject({ code: 404, key: 'common.route_not_found' });
    expect(missing.body.message).toBe('没有这个接口：GET /api/nope');
    const missingEn = await api('GET', '/api/nope', { headers: EN });
    expect(missingEn.body.message).toBe('There is no such API: GET /api/nope');

    const anonymous = await api('GET', '/api/common/get-user-info');
    expect(anonymous.body).toMatchObject({
      code: 401,
      key: 'auth.session_expired',
      message: '身份已过期，请重新登录',
    });
    const anonymousEn = await api('GET', '/api/common/get-user-info', { headers: EN });
    expect(anonymousEn.body.message).toBe('Identity has expired, please log in again');

    const ip = freshIp();
    for (let i = 0; i < 30; i++) await call(t.app, 'POST', '/api/common/captcha', { ip });
    const limited = await call(t.app, 'POST', '/api/common/captcha', { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.key).toBe('auth.rate_limited.captcha');
    expect(limited.body.message).toMatch(/^此网络请求验证码过于频繁。请 \d+ 秒后再试。$/);
    const limitedEn = await call(t.app, 'POST', '/api/common/captcha', { ip, headers: EN });
    expect(limitedEn.body.message).toMatch(
      /^Too many captcha requests from this network\. Please try again in \d+ seconds?\.$/,
    );
  });

  it("prefers the user's saved language to the browser's", async () => {
    const user = await createSeller(t.database.db);
    const bad = { name: '' };
    expect(
      (await api('POST', '/api/save-user-name', { token: user.token, body: bad, headers: EN })).body
        .message,
    ).toBe('Invalid input');

    const saved = await api('POST', '/api/account/language', {
      token: user.token,
      body: { language: 'zh-CN' },
    });
    expect(saved.status).toBe(200);
    const info = await api('GET', '/api/common/get-user-info', { token: user.token });
    expect(info.body.data.language).toBe('zh-CN');
    const answer = await api('POST', '/api/save-user-name', {
      token: user.token,
      body: bad,
      headers: EN,
    });
    expect(answer.body.message).toBe('输入有误');
    expect(answer.body.data.fields.name).toBe('请填写此项');

    const unknown = await api('POST', '/api/account/language', {
      token: user.token,
      body: { language: 'fr' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.field_keys.language).toBe('validation.invalid_value');
  });

  it("answers a malformed multipart body with 422 and a key, in the request's language", async () => {
    const upload = (form: { payload: string; headers: Record<string, string> }, en = false) =>
      t.app.inject({
        method: 'POST',
        url: '/api/common/upload-single',
        payload: form.payload,
        headers: {
          ...form.headers,
          authorization: `Bearer ${seller.token}`,
          ...(en ? EN : {}),
        },
      });
    const twoFiles = await upload(
      multipartBody([
        { name: 'file', filename: 'a.png', content: 'aaaa' },
        { name: 'file', filename: 'b.png', content: 'bbbb' },
      ]),
    );
    expect(twoFiles.statusCode).toBe(422);
    expect(twoFiles.json().key).toBe('validation.invalid_input');

    const broken = await upload(
      {
        payload:
          '--i18nBoundary\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nab',
        headers: { 'content-type': 'multipart/form-data; boundary=i18nBoundary' },
      },
      true,
    );
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({
      key: 'common.multipart_malformed',
      message: 'The form data is malformed',
    });

    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/common/upload-single',
      payload: 'x',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${seller.token}`, ...EN },
    });
    expect(notMultipart.statusCode).toBe(422);
    expect(notMultipart.json().message).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
