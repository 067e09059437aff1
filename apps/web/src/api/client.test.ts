import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageInstance } from 'antd/es/message/interface';
import { REQUEST_TIMEOUT_MS, type UserInfo } from '@app/shared';
import { useAuthStore } from '../shared/auth/auth-store.ts';
import { bindFeedback } from '../shared/feedback.ts';
import { setLanguage } from '../shared/i18n/i18n.ts';
import { bindNavigator } from '../shared/navigation.ts';
import { ApiError } from './api-error.ts';
import { api, domainHeader, isAuthFree } from './client.ts';

const user: UserInfo = {
  id: 7,
  api_token: 'tok-123',
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_100,
  level_name: 'Gold',
  level_name_en: 'Gold',
  name: 'Demo Seller',
  email: 'demo@example.com',
  mobile: null,
  is_boss: true,
  language: null,
  email_verified: true,
  seller_id: 7,
};

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
const messages = { warning: vi.fn(), error: vi.fn(), success: vi.fn(), info: vi.fn() };

function reply(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function lastCall(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.lastCall!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeAll(async () => {
  await setLanguage('en');
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  navigate.mockReset();
  Object.values(messages).forEach((m) => m.mockReset());
  bindNavigator(navigate);
  bindFeedback(messages as unknown as MessageInstance);
  useAuthStore.getState().clearSession();
  useAuthStore.getState().signIn(user, 'demo@example.com');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  bindNavigator(null);
  bindFeedback(null);
});

describe('request headers', () => {
  it('sends JSON accept, bearer token, expiry, domain and credentials, with GET params as a query', async () => {
    fetchMock.mockResolvedValue(reply(200, { code: 0, data: { ok: 1 }, message: 'success' }));
    await expect(api.get('/jobs', { page: 2, tags: ['a', 'b'], skip: undefined })).resolves.toEqual(
      { ok: 1 },
    );
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/jobs?page=2&tags=a&tags=b');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(headers).toMatchObject({
      Accept: 'application/json',
      Authorization: 'Bearer tok-123',
      'x-token-expire': String(user.expires_at),
      'x-domain': 'http://localhost',
    });
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('asks for server messages in the chosen language', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(reply(200, { code: 0, data: null, message: 'success' })),
    );
    await setLanguage('zh-CN');
    await api.get('/jobs');
    expect(lastCall().headers['Accept-Language']).toBe('zh-CN');
    await setLanguage('en');
    await api.get('/jobs');
    expect(lastCall().headers['Accept-Language']).toBe('en');
  });

  it('sends a JSON body with a JSON content type', async () => {
    fetchMock.mockResolvedValue(reply(200, { code: 0, data: null, message: 'success' }));
    await api.post('/save-user-name', { name: 'New' });
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ name: 'New' }));
    expect(headers['Content-Type']).toBe('application/json');
  });

  it.each(['/login', '/login-by-mobile', '/sys/login/login', '/common/captcha'])(
    'sends no token or expiry to %s',
    async (path) => {
      fetchMock.mockResolvedValue(reply(200, { code: 0, data: null, message: 'success' }));
      await api.post(path, path === '/common/captcha' ? undefined : { x: 1 });
      const { headers } = lastCall();
      expect(headers.Authorization).toBeUndefined();
      expect(headers['x-token-expire']).toBeUndefined();
      expect(headers['x-domain']).toBe('http://localhost');
    },
  );

  it('keeps the token on logout and other calls whose path merely mentions login', () => {
    expect(isAuthFree('/sys/login/logout')).toBe(false);
    expect(isAuthFree('/logout')).toBe(false);
    expect(isAuthFree('/auto-login')).toBe(false);
    expect(isAuthFree('/login')).toBe(true);
  });

  it('reports local hosts as localhost and other hosts with their port', () => {
    expect(domainHeader({ protocol: 'http:', host: '127.0.0.1:9000', hostname: '127.0.0.1' })).toBe(
      'http://localhost',
    );
    expect(domainHeader({ protocol: 'http:', host: 'localhost:5173', hostname: 'localhost' })).toBe(
      'http://localhost',
    );
    expect(
      domainHeader({
        protocol: 'https:',
        host: 'shop.example.com:8443',
        hostname: 'shop.example.com',
      }),
    ).toBe('https://shop.example.com:8443');
  });

  it('sends no authorization header when signed out', async () => {
    useAuthStore.getState().clearSession();
    fetchMock.mockResolvedValue(reply(200, { code: 0, data: [], message: 'success' }));
    await api.get('/getconfig');
    expect(lastCall().headers.Authorization).toBeUndefined();
  });
});

describe('file downloads', () => {
  it('resolves a file answer as a blob, sending the bearer token', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([80, 75, 3, 4]), {
        status: 200,
        headers: { 'content-type': 'application/zip' },
      }),
    );
    const blob = await api.getBlob('/goods/goods-img-download', { ids: '1,2' });
    expect(blob.size).toBe(4);
    const { url, headers } = lastCall();
    expect(url).toBe('/api/goods/goods-img-download?ids=1%2C2');
    expect(headers.Authorization).toBe('Bearer tok-123');
  });

  it('still rejects with the envelope message when the download fails', async () => {
    fetchMock.mockResolvedValue(
      reply(422, {
        code: 422,
        key: 'validation.invalid_input',
        data: { fields: { ids: 'Bad ids' }, field_keys: { ids: 'validation.id_list' } },
        message: 'Invalid input',
      }),
    );
    const error = await rejection(api.getBlob('/goods/goods-img-download', { ids: 'x' }));
    expect(error.fields).toEqual({ ids: 'Bad ids' });
    expect(error.key).toBe('validation.invalid_input');
  });
});

describe('envelope handling', () => {
  it('resolves data on code 0', async () => {
    fetchMock.mockResolvedValue(reply(200, { code: 0, data: { name: 'x' }, message: 'success' }));
    await expect(api.get('/common/get-user-info')).resolves.toEqual({ name: 'x' });
  });

  it('resolves the whole body for goods-library/coll calls', async () => {
    const body = { code: 0, data: { list: [] }, message: 'success', total: 3 };
    fetchMock.mockResolvedValue(reply(200, body));
    await expect(api.get('/goods-library/coll-list')).resolves.toEqual(body);
  });

  it('on body code 401 clears the session, warns once, goes to /login and rejects', async () => {
    window.history.replaceState(null, '', '/my/newInfo?tab=pay');
    fetchMock.mockResolvedValue(reply(401, { code: 401, data: null, message: 'Unauthorized' }));
    const error = await rejection(api.get('/get-menu'));
    expect(error.message).toBe('identity has expired, please log in again');
    expect(error.handled).toBe(true);
    expect(useAuthStore.getState().token).toBeNull();
    expect(document.cookie).not.toContain('tok-123');
    expect(messages.warning).toHaveBeenCalledWith(
      'identity has expired, please log in again',
      undefined,
    );
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fmy%2FnewInfo%3Ftab%3Dpay', {
      replace: true,
    });

    fetchMock.mockResolvedValue(reply(401, { code: 401, data: null, message: 'Unauthorized' }));
    await rejection(api.get('/common/get-user-info'));
    expect(messages.warning).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    window.history.replaceState(null, '', '/');
  });

  it('treats a 401 body code inside an HTTP 200 the same way', async () => {
    fetchMock.mockResolvedValue(reply(200, { code: 401, data: null, message: 'expired' }));
    await rejection(api.get('/is-binded'));
    expect(useAuthStore.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('on the logout call only rejects, leaving the local clean-up to the caller', async () => {
    fetchMock.mockResolvedValue(reply(401, { code: 401, data: null, message: 'Unauthorized' }));
    const error = await rejection(api.post('/logout'));
    expect(error.handled).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    expect(messages.warning).not.toHaveBeenCalled();
  });

  it('navigates to /403 on HTTP 403', async () => {
    fetchMock.mockResolvedValue(reply(403, { code: 403, data: null, message: 'Forbidden' }));
    const error = await rejection(api.post('/sys/menu/add', {}));
    expect(navigate).toHaveBeenCalledWith('/403', undefined);
    expect(error).toMatchObject({ code: 403, handled: true });
  });

  it('navigates to /500 on HTTP 500', async () => {
    fetchMock.mockResolvedValue(
      reply(500, {
        code: 500,
        data: { request_id: 'r1' },
        message: 'Internal server error (request id r1)',
      }),
    );
    const error = await rejection(api.get('/get-menu'));
    expect(navigate).toHaveBeenCalledWith('/500', undefined);
    expect(error).toMatchObject({ code: 500, handled: true });
  });

  it('rejects silently on HTTP 404', async () => {
    fetchMock.mockResolvedValue(reply(404, { code: 404, data: null, message: 'Not found' }));
    const error = await rejection(api.get('/nothing'));
    expect(error).toMatchObject({ code: 404, handled: true });
    expect(navigate).not.toHaveBeenCalled();
    expect(messages.error).not.toHaveBeenCalled();
    expect(messages.warning).not.toHaveBeenCalled();
  });

  it('rejects any other non-zero code with the server message and data', async () => {
    const fields = { email: 'Invalid email address' };
    fetchMock.mockResolvedValue(
      reply(422, {
        code: 422,
        key: 'validation.invalid_input',
        data: { fields, field_keys: { email: 'validation.email' } },
        message: 'Invalid input',
      }),
    );
    const error = await rejection(api.post('/register', {}));
    expect(error).toMatchObject({
      code: 422,
      status: 422,
      message: 'Invalid input',
      handled: false,
    });
    expect(error.fields).toEqual(fields);

    fetchMock.mockResolvedValue(
      reply(409, { code: 409, data: null, message: 'This e-mail is already registered' }),
    );
    expect((await rejection(api.post('/register', {}))).message).toBe(
      'This e-mail is already registered',
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('treats statuses between 200 and 500 as answers, not transport errors', async () => {
    fetchMock.mockResolvedValue(
      reply(429, { code: 429, data: null, message: 'Too many requests' }),
    );
    expect((await rejection(api.post('/login', {}))).message).toBe('Too many requests');
  });

  it('treats statuses above 500 as transport errors', async () => {
    fetchMock.mockResolvedValue(reply(502, '<html>Bad gateway</html>'));
    const error = await rejection(api.get('/get-menu'));
    expect(error).toMatchObject({ status: 502, handled: false });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects a body that is not an envelope', async () => {
    fetchMock.mockResolvedValue(reply(200, '<!doctype html>'));
    const error = await rejection(api.get('/get-menu'));
    expect(error.message).toBe('The server sent a response we could not read');
  });

  it('rejects with a network message when the request cannot be sent', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(api.get('/get-menu'));
    expect(error).toMatchObject({ code: -1, handled: false });
  });

  it('aborts after the 600000 ms timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = rejection(api.get('/slow'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock.mock.lastCall![1]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.message).toBe('The request timed out, please try again later');
  });
});

describe('file uploads', () => {
  /** Answers every send with `answer` after reporting the whole body as sent. */
  class FakeXhr {
    static last: FakeXhr | null = null;
    static answer: { status: number; body: unknown } = { status: 200, body: {} };
    status = 0;
    responseText = '';
    withCredentials = false;
    url = '';
    headers: Record<string, string> = {};
    sent: FormData | null = null;
    upload = { onprogress: null as ((e: ProgressEvent) => void) | null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(_method: string, url: string) {
      this.url = url;
      FakeXhr.last = this;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      this.sent = form;
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 } as never);
        this.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 } as never);
        this.status = FakeXhr.answer.status;
        this.responseText = JSON.stringify(FakeXhr.answer.body);
        this.onload?.();
      });
    }
  }

  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  const form = () => {
    const data = new FormData();
    data.append('file', new Blob(['x']), 'a.csv');
    return data;
  };

  it('posts the form with the session and language headers and reports progress', async () => {
    FakeXhr.answer = { status: 200, body: { code: 0, data: { id: 9 }, message: 'ok' } };
    const progress: number[] = [];
    const sent = form();
    await expect(
      api.upload('/upc/import', sent, { onProgress: (p) => progress.push(p) }),
    ).resolves.toEqual({ id: 9 });
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/upc/import');
    expect(xhr.sent).toBe(sent);
    expect(xhr.headers).toMatchObject({
      Authorization: 'Bearer tok-123',
      'Accept-Language': 'en',
      'x-domain': 'http://localhost',
    });
    expect(progress).toEqual([25, 100]);
  });

  it('logs out on a 401 answer, as every other call does', async () => {
    FakeXhr.answer = { status: 401, body: { code: 401, data: null, message: 'Unauthorized' } };
    const error = await rejection(api.upload('/material/upload-single', form()));
    expect(error.handled).toBe(true);
    expect(useAuthStore.getState().token).toBeNull();
    expect(messages.warning).toHaveBeenCalledWith(
      'identity has expired, please log in again',
      undefined,
    );
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('rejects a refusal with its field errors and key', async () => {
    FakeXhr.answer = {
      status: 422,
      body: {
        code: 422,
        data: { fields: { file: 'too big' }, field_keys: { file: 'files.too_big' } },
        message: 'bad file',
        key: 'files.too_big',
      },
    };
    const error = await rejection(api.upload('/upc/import', form()));
    expect(error).toMatchObject({ code: 422, status: 422, handled: false, key: 'files.too_big' });
    expect(error.fields).toEqual({ file: 'too big' });
    expect(useAuthStore.getState().token).toBe('tok-123');
  });

  it('rejects with the signal reason when the caller aborts', async () => {
    const controller = new AbortController();
    const reason = new DOMException('stopped', 'AbortError');
    controller.abort(reason);
    await expect(api.upload('/upc/import', form(), { signal: controller.signal })).rejects.toBe(
      reason,
    );
  });
});
