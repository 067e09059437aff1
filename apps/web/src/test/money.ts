import { inject } from 'vitest';
import type { AlipayPayment, PaymentState } from '@app/shared';

const realFetch = globalThis.fetch;

/** The pay password page tests give their sellers. */
export const TEST_PAY_PASSWORD = '135790';

async function call<T>(
  path: string,
  token: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await realFetch(new URL(`/api${path}`, inject('apiBase')), {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const envelope = (await response.json()) as { code: number; data: T; message: string };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** Sets `TEST_PAY_PASSWORD` for a seller who logs in with `password`. */
export function setPayPassword(token: string, password: string): Promise<unknown> {
  return call('/save-pay-pwd', token, {
    body: {
      password,
      pay_password: TEST_PAY_PASSWORD,
      pay_password_confirmation: TEST_PAY_PASSWORD,
    },
  });
}

/** Same path on the test server: the simulator's links name the public host. */
const onTestServer = (url: string | URL) => {
  const parsed = new URL(url);
  return new URL(parsed.pathname + parsed.search, inject('apiBase'));
};

/**
 * Recharges the balance the way a seller does, over plain HTTP: pay/alipay, the simulator's
 * cashier page, its Pay button, then pay/query until the server has credited the trade.
 */
export async function rechargeThroughSimulator(token: string, amountMinor: number): Promise<void> {
  const payment = await call<AlipayPayment>('/pay/alipay', token, {
    body: { amount_minor: amountMinor },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  const cashierUrl = onTestServer(payment.pay_url);
  const html = await (await realFetch(cashierUrl)).text();
  const form =
    /<form method="post" action="([^"]+)">[^]*?name="token" value="([^"]+)"[^]*?>Pay</.exec(html);
  if (!form) throw new Error('No Pay button on the simulator cashier page');
  const decode = (text: string) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  await realFetch(new URL(decode(form[1]!), cashierUrl), {
    method: 'POST',
    body: new URLSearchParams({ token: decode(form[2]!) }),
    redirect: 'manual',
  });
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const state = await call<PaymentState>(
      `/pay/query?out_trade_no=${encodeURIComponent(payment.out_trade_no)}`,
      token,
    );
    if (state.status === 'paid') return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Recharge ${payment.out_trade_no} was not credited`);
}

/** Buys a member level from the balance with `TEST_PAY_PASSWORD` (a paying call: its own key). */
export function buyLevel(token: string, levelId: number): Promise<unknown> {
  return call('/level/buy', token, {
    body: { level_id: levelId, pay_password: TEST_PAY_PASSWORD },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
}
