import { configure, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, inject, vi } from 'vitest';
import type { UserInfo } from '@app/shared';
import { AppRouter } from '../app/router.tsx';
import { syncTabsWithSession } from '../app/tabs/sync-tabs.ts';
import { initialTabs } from '../app/tabs/tabs.ts';
import { useTabsStore } from '../app/tabs/tabs-store.ts';
import { useAuthStore } from '../shared/auth/auth-store.ts';
import { replaceLeaveApp } from '../shared/navigation.ts';
import { queryClient } from '../shared/query-client.ts';
import { setLanguage } from '../shared/i18n/i18n.ts';
import { DEMO, PAGE_TEST_CAPTCHA } from './page-constants.ts';

// Pages load lazily and talk to a real server that every page-test file shares; on a busy
// 2-core machine the first chunk alone can take more than the library's default 1 s.
configure({ asyncUtilTimeout: 10_000 });

const realFetch = globalThis.fetch;

/**
 * Each page test calls from an address of its own: the server allows 30 captchas a minute per
 * client address, which page tests running side by side on one address would use up.
 * real-server.ts trusts X-Forwarded-For from the local machine for this.
 */
let clientAddress = '10.0.0.1';

function asClient(headers?: HeadersInit): Headers {
  const merged = new Headers(headers);
  merged.set('x-forwarded-for', clientAddress);
  return merged;
}

let serverUp: Promise<void> | undefined;

/** The API server boots alongside the unit files (real-server.ts); page tests start once it answers. */
function serverReady(): Promise<void> {
  serverUp ??= (async () => {
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      try {
        if ((await realFetch(new URL('/api/health', inject('apiBase')))).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(
      'The API server did not answer /api/health within 180 s (its output is above).',
    );
  })();
  return serverUp;
}

async function callApi<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await realFetch(new URL(`/api${path}`, inject('apiBase')), {
    method,
    headers: asClient({
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: T; message: string };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** Straight to the API (not through the UI): a session for tests that start signed in. */
export async function apiLogin(email = DEMO.email, password = DEMO.password): Promise<UserInfo> {
  const { captcha_key } = await callApi<{ captcha_key: string }>('POST', '/common/captcha');
  return callApi<UserInfo>('POST', '/login', {
    email,
    password,
    captcha: PAGE_TEST_CAPTCHA,
    captcha_key,
  });
}

let registered = 0;

/** A new seller of its own, so parallel page tests never share (or rename) an account. */
export async function apiRegister(
  name = 'Page Test Seller',
): Promise<UserInfo & { password: string }> {
  registered += 1;
  const email = `page-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${registered}@example.com`;
  const password = 'page test password';
  // Sign-up proves the mailbox with a code, which the demo server keeps in its dev outbox.
  await callApi('POST', '/mail-code', { email });
  const code = await readOutboxCode(email);
  const { captcha_key } = await callApi<{ captcha_key: string }>('POST', '/common/captcha');
  const user = await callApi<UserInfo>('POST', '/register', {
    name,
    email,
    code,
    password,
    password_confirmation: password,
    captcha: PAGE_TEST_CAPTCHA,
    captcha_key,
  });
  return { ...user, password };
}

/** Signs the app in as a fresh seller (through the API, not the UI). */
export async function signInAsNewSeller(name?: string): Promise<UserInfo & { password: string }> {
  const user = await apiRegister(name);
  useAuthStore.getState().signIn(user, user.email ?? '');
  return user;
}

export async function apiGet<T>(path: string, token: string): Promise<{ code: number; data: T }> {
  const response = await realFetch(new URL(`/api${path}`, inject('apiBase')), {
    headers: asClient({ authorization: `Bearer ${token}` }),
  });
  return (await response.json()) as { code: number; data: T };
}

/** A POST straight to the API as `token`; resolves `data`, throws on a non-zero code. */
export function apiPost<T>(path: string, body: unknown, token: string): Promise<T> {
  return callApi<T>('POST', path, body, token);
}

/** The newest message's text the development outbox holds for `recipient`. */
export async function readOutbox(recipient: string): Promise<string> {
  const messages = await callApi<{ id: number; body: string }[]>(
    'GET',
    `/dev/outbox?recipient=${encodeURIComponent(recipient)}`,
  );
  return [...messages].sort((a, b) => b.id - a.id)[0]?.body ?? '';
}

/** The newest 6-digit code the development outbox holds for `recipient`. */
export async function readOutboxCode(recipient: string): Promise<string> {
  const code = (await readOutbox(recipient)).match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in the outbox for ${recipient}`);
  return code;
}

/** A mainland-style number nobody else in this run has. */
export function freshMobile(): string {
  return `139${String(Date.now() % 1e8).padStart(8, '0')}`;
}

/** A seller signed up by mobile through the API (register-sms-code, then register-by-mobile). */
export async function apiRegisterByMobile(mobile: string, password: string): Promise<UserInfo> {
  const { captcha_key } = await callApi<{ captcha_key: string }>('POST', '/common/captcha');
  await callApi('POST', '/register-sms-code', { mobile, captcha: PAGE_TEST_CAPTCHA, captcha_key });
  const code = await readOutboxCode(mobile);
  return callApi<UserInfo>('POST', '/register-by-mobile', {
    name: 'Mobile Seller',
    mobile,
    password,
    code,
  });
}

export async function apiLogout(token: string): Promise<void> {
  await callApi('POST', '/logout', undefined, token);
}

export async function signInAsDemo(): Promise<UserInfo> {
  const user = await apiLogin();
  useAuthStore.getState().signIn(user, DEMO.email);
  return user;
}

/** Renders the whole app (router, guards, layout, pages) at `path`, as a browser would. */
export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(<AppRouter />);
}

const randomOctet = () => Math.floor(Math.random() * 256);

const inFlight = new Set<Promise<unknown>>();

function tracked<T>(request: Promise<T>): Promise<T> {
  inFlight.add(request);
  void request.catch(() => {}).finally(() => inFlight.delete(request));
  return request;
}

/**
 * A page's request still running when its file ends would answer into a React tree whose jsdom
 * is gone ("window is not defined" from React's scheduler, failing the whole run): the file
 * waits for them, then lets React run what they scheduled.
 */
async function settleRequests(): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (inFlight.size > 0 && Date.now() < deadline) {
    await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, 500))]);
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Every page test: the app's relative `/api` calls go to the real server; English texts; signed out. */
export function setupPageTests(): void {
  beforeAll(async () => {
    await serverReady();
    syncTabsWithSession();
    await setLanguage('en');
  }, 100_000);
  beforeEach(() => {
    clientAddress = `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      tracked(
        realFetch(new URL(String(input), inject('apiBase')), {
          ...init,
          headers: asClient(init?.headers),
        }),
      ),
    );
    useAuthStore.getState().clearSession();
    useTabsStore.setState({ tabs: initialTabs() });
  });
  // Files share one jsdom and module graph (vitest.config.ts): the next file starts with an empty
  // body (no portals or holders left behind) and no cached answers of this file's sellers.
  afterAll(async () => {
    await settleRequests();
    queryClient.clear();
    // All but antd's message and notification holders: antd makes each once per module graph and
    // keeps its node, so removing it left every later file's messages in a detached node (two
    // page tests of messages failed both attempts, by which files their worker had run before).
    for (const node of [...document.body.children]) {
      if (!node.matches('.ant-message, .ant-notification')) node.remove();
    }
  }, 15_000);
}

/**
 * jsdom cannot leave for another site: each URL the app would open through `leaveApp` (Alipay's
 * cashier, a consent page) is kept here, emptied before each test. No module mock: page test
 * files share one module graph, where a mock misses modules another file already loaded.
 */
export function recordLeaving(): string[] {
  const urls: string[] = [];
  let restore = () => {};
  beforeEach(() => {
    urls.length = 0;
    restore = replaceLeaveApp((url) => urls.push(url));
  });
  afterEach(() => restore());
  return urls;
}

/** jsdom saves no files: each download the page starts (`saveBlob`) is kept here, per test. */
export function recordDownloads(): { blob: Blob; filename: string }[] {
  const downloads: { blob: Blob; filename: string }[] = [];
  const blobs = new Map<string, Blob>();
  beforeEach(() => {
    downloads.length = 0;
    blobs.clear();
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:page-test/${blobs.size + 1}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => {},
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const blob = blobs.get(this.href);
      if (blob) downloads.push({ blob, filename: this.download });
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return downloads;
}
