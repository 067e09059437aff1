import type { Page } from 'playwright-core';
import { baseURL, captcha } from './target.ts';

/** Straight to the API with a token, for what a user did earlier on other screens. */
export async function api<T>(
  token: string,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseURL}/api${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: T; message: string };
  if (envelope.code !== 0) throw new Error(`${route}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** A token for the given account, signed in through the captcha as the login page does. */
export async function apiLogin(email: string, password: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/common/captcha`, { method: 'POST' });
  const { data } = (await response.json()) as { data: { captcha_key: string } };
  const login = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, captcha, captcha_key: data.captcha_key }),
  });
  return ((await login.json()) as { data: { api_token: string } }).data.api_token;
}

/**
 * The HTTP status the server answers a call made from the page, with the page's own session
 * token: what anyone signed in could send from the browser's console.
 */
export function statusFromPage(
  page: Page,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<number> {
  return page.evaluate(
    async ({ method, route, body }) => {
      const token = document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1] ?? '';
      const res = await fetch(`/api${route}`, {
        method,
        headers: {
          authorization: `Bearer ${decodeURIComponent(token)}`,
          'idempotency-key': crypto.randomUUID(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.status;
    },
    { method, route, body },
  );
}

/** Authorizes the seller's Amazon account on another site through the simulator's consent. */
export async function authorizeAmazon(token: string, siteId: number, alias: string): Promise<void> {
  const { url } = await api<{ url: string }>(token, 'POST', '/market/get-authorization-url', {
    market_site_id: siteId,
    alias,
  });
  const consent = new URL(url);
  const confirm = new URL(
    `${consent.pathname.replace(/consent$/, 'confirm')}${consent.search}`,
    baseURL,
  );
  confirm.searchParams.set('selling_partner_id', 'A3SIMSELLER0001');
  confirm.searchParams.set('decision', 'authorize');
  const granted = await fetch(confirm, { redirect: 'manual' });
  const callback = new URL(granted.headers.get('location')!);
  const back = await fetch(new URL(`${callback.pathname}${callback.search}`, baseURL), {
    redirect: 'manual',
  });
  if (!/authorized=\d+/.test(back.headers.get('location') ?? '')) {
    throw new Error(`authorizing Amazon site ${siteId} failed: ${back.headers.get('location')}`);
  }
}
