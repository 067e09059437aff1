import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { AlipayPayment, PaymentState, PurchaseOrder, Settlement } from '@app/shared';
import {
  recordDownloads,
  recordLeaving,
  renderApp,
  setupPageTests,
  signInAsNewSeller,
} from '../../../test/pages.tsx';

setupPageTests();
/** Alipay's cashier URLs the page left for, and the files it saved. */
const leftFor = recordLeaving();
const downloads = recordDownloads();

const realFetch = globalThis.fetch;
const PAY_PASSWORD = '135790';

type Seller = Awaited<ReturnType<typeof signInAsNewSeller>>;

/** Every API call the page made in this test, with its body and Idempotency-Key. */
let calls: { path: string; body: unknown; key: string | null }[] = [];

beforeEach(() => {
  calls = [];
  const toServer = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://page.test').pathname;
    const headers = new Headers(init?.headers);
    calls.push({
      path,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      key: headers.get('idempotency-key'),
    });
    return toServer(input, init);
  });
});

/** A call straight to the API as `seller`, with a fresh Idempotency-Key for the paying routes. */
async function callAs<T>(seller: Seller, path: string, body?: unknown): Promise<T> {
  const response = await realFetch(new URL(`/api${path}`, inject('apiBase')), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${seller.api_token}`,
      'idempotency-key': crypto.randomUUID(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: T; message: string };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/**
 * Pays an Alipay trade the way a buyer's browser does on the simulator's cashier (a plain form
 * post of its token) and resolves the return URL Alipay sends the browser back to.
 */
async function payThroughSimulator(payUrl: string): Promise<URL> {
  const base = inject('apiBase');
  const gateway = new URL(new URL(payUrl).pathname + new URL(payUrl).search, base);
  const html = await (await realFetch(gateway)).text();
  const form =
    /<form method="post" action="([^"]+)">\s*<input type="hidden" name="token" value="([^"]+)">/.exec(
      html,
    );
  if (!form) throw new Error(`No cashier form at ${gateway.toString()}`);
  const response = await realFetch(new URL(form[1]!, gateway), {
    method: 'POST',
    body: new URLSearchParams({ token: form[2]!.replace(/&amp;/g, '&') }),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (!location) throw new Error(`The cashier did not return (${response.status})`);
  return new URL(location, base);
}

/** Recharges `amountMinor` through the simulator and waits until the server has credited it. */
async function recharge(seller: Seller, amountMinor: number): Promise<void> {
  const payment = await callAs<AlipayPayment>(seller, '/pay/alipay', { amount_minor: amountMinor });
  await payThroughSimulator(payment.pay_url);
  await waitFor(
    async () => {
      const state = await callAs<PaymentState>(
        seller,
        `/pay/query?out_trade_no=${payment.out_trade_no}`,
      );
      expect(state.status).toBe('paid');
    },
    { timeout: 10_000 },
  );
}

/** An unpaid purchase order of one product copied from the shared library, shipped to the US. */
async function unpaidOrder(seller: Seller): Promise<PurchaseOrder> {
  const shared = await callAs<{ list: { id: number; skuCount: number }[] }>(
    seller,
    '/goods/index?page=1&size=20',
  );
  const source = shared.list.find((p) => p.skuCount > 0)!;
  const mine = await callAs<{ skus: { id: number }[] }>(seller, '/goods/duplicate', {
    id: source.id,
  });
  await callAs(seller, '/shoppingcart/cartAdd', { sku_id: mine.skus[0]!.id, quantity: 2 });
  const address = await callAs<{ id: number }>(seller, '/shoppingcart/addressAdd', {
    name: 'Page Test',
    phone: '+1 415 555 0100',
    country_code: 'US',
    province: 'CA',
    city: 'San Francisco',
    address1: '1 Market St',
    postcode: '94105',
    is_default: true,
  });
  const settlement = await callAs<Settlement>(seller, '/shoppingcart/settlement', {
    address_id: address.id,
  });
  return callAs<PurchaseOrder>(seller, '/shoppingcart/orderSubmit', {
    address_id: address.id,
    items: settlement.items.map((item) => ({
      sku_id: item.sku_id,
      quantity: item.quantity,
      unit_price_minor: item.unit_price_minor,
    })),
    total_minor: settlement.total_minor,
  });
}

const rowOf = (text: string) => screen.getByText(text).closest<HTMLElement>('tr')!;
const formatYuan = (minor: number) => (minor / 100).toFixed(2);

describe('finance pages (real server)', () => {
  it('recharge shows the rule, refuses less than the minimum and comes back from Alipay credited', async () => {
    await signInAsNewSeller();
    const view = renderApp('/my/recharge');

    expect(await screen.findByText('Minimum ¥10.00', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText('¥20.00 bonus from ¥1000.00')).toBeTruthy();
    expect(screen.getByText('No recharges yet')).toBeTruthy();

    const amount = screen.getByLabelText('Amount (yuan)');
    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: /Pay with Alipay/ }));
    expect(await screen.findByText('The minimum recharge is ¥10.00')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/pay/alipay')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '¥1000' }));
    expect(await screen.findByText('This recharge earns a ¥20.00 bonus')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Pay with Alipay/ }));
    await waitFor(() => expect(leftFor).toHaveLength(1), { timeout: 10_000 });
    const request = calls.find((c) => c.path === '/api/pay/alipay');
    expect(request?.body).toEqual({ amount_minor: 100_000 });
    expect(request?.key).toMatch(/^[\w-]{8,}$/);

    // Alipay sends the browser back to the return URL; the page asks the server about the trade.
    const back = await payThroughSimulator(leftFor[0]!);
    expect(back.pathname).toBe('/my/recharge');
    view.unmount();
    renderApp(`${back.pathname}${back.search}`);
    expect(
      await screen.findByText(
        'Recharge received: ¥1000.00 credited, plus a ¥20.00 bonus',
        undefined,
        {
          timeout: 15_000,
        },
      ),
    ).toBeTruthy();
    // Alipay's own return parameters are dropped; our trade number stays for the banner.
    await waitFor(() => expect(window.location.search).toMatch(/^\?out_trade_no=RC\w+$/));
    expect(await screen.findByText('+1000.00', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('+20.00')).toBeTruthy();
  }, 90_000);

  it('account pay lists an order and pays it from the balance after a wrong pay password', async () => {
    const seller = await signInAsNewSeller();
    await callAs(seller, '/save-pay-pwd', {
      password: seller.password,
      pay_password: PAY_PASSWORD,
      pay_password_confirmation: PAY_PASSWORD,
    });
    await recharge(seller, 100_000);
    const order = await unpaidOrder(seller);
    renderApp('/my/accountPay');

    await waitFor(() => expect(rowOf(order.number)).toBeTruthy(), { timeout: 15_000 });
    const row = rowOf(order.number);
    expect(within(row).getByText('Unpaid')).toBeTruthy();
    expect(within(row).getByText(`¥${formatYuan(order.amount_minor)}`)).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: /Pay/ }));
    fireEvent.click(await screen.findByText('Pay from balance'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`Order ${order.number}`)).toBeTruthy();
    const password = within(dialog).getByLabelText('Pay password');

    fireEvent.change(password, { target: { value: '000000' } });
    fireEvent.submit(password.closest('form')!);
    expect(
      await within(dialog).findByText('Wrong pay password', undefined, { timeout: 10_000 }),
    ).toBeTruthy();

    fireEvent.change(password, { target: { value: PAY_PASSWORD } });
    fireEvent.submit(password.closest('form')!);
    const balance = formatYuan(100_000 + 2_000 - order.amount_minor);
    expect(
      await screen.findByText(`Order ${order.number} paid; balance now ¥${balance}`, undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    await waitFor(() => expect(within(rowOf(order.number)).getByText('Paid')).toBeTruthy(), {
      timeout: 10_000,
    });
    // The retry after the wrong password is the same intent: one key for both attempts.
    const pays = calls.filter((c) => c.path === '/api/pay/accountPay');
    expect(pays).toHaveLength(2);
    expect(pays[0]!.key).toBeTruthy();
    expect(pays[1]!.key).toBe(pays[0]!.key);
    expect(pays[1]!.body).toEqual({ order_id: order.id, pay_password: PAY_PASSWORD });
  }, 60_000);

  it('consume shows the ledger, filters by kind and exports the filtered rows', async () => {
    const seller = await signInAsNewSeller();
    await recharge(seller, 5_000);
    const view = renderApp('/my/consume');

    expect(await screen.findByText('+50.00', undefined, { timeout: 15_000 })).toBeTruthy();
    const row = rowOf('+50.00');
    expect(within(row).getByText('Recharge')).toBeTruthy();
    expect(within(row).getByText('50.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
    const { blob, filename: file } = downloads[0]!;
    expect(file).toMatch(/^transactions-\d{8}\.csv$/);
    // The export is written in the reader's language.
    expect(await blob.text()).toContain(',Recharge,');

    view.unmount();
    renderApp('/my/consume?kind=payment');
    expect(
      await screen.findByText('No records match these filters', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
  }, 60_000);
});
