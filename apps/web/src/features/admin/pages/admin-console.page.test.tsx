import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { JobState, PurchaseOrder, Settlement, ShipImportReport } from '@app/shared';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { useOperatorStore } from '../../../shared/auth/operator-store.ts';
import { seedCart } from '../../../test/cart-seed.ts';
import { FetchXhr } from '../../../test/fetch-xhr.ts';
import {
  rechargeThroughSimulator,
  setPayPassword,
  TEST_PAY_PASSWORD,
} from '../../../test/money.ts';
import { PAGE_TEST_CAPTCHA } from '../../../test/page-constants.ts';
import { apiRegister, recordDownloads, renderApp, setupPageTests } from '../../../test/pages.tsx';

setupPageTests();
/** The files the console saved (jsdom keeps them instead). */
const downloads = recordDownloads();

const realFetch = globalThis.fetch;

/** Every API call the console made in this test; `answer` may take one over (see the job). */
let calls: { url: URL; authorization: string | null }[] = [];
let answer: ((url: URL) => Response | null) | null = null;

beforeEach(() => {
  useOperatorStore.getState().clear();
  calls = [];
  answer = null;
  const toServer = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://page.test');
    calls.push({ url, authorization: new Headers(init?.headers).get('authorization') });
    return Promise.resolve(answer?.(url) ?? toServer(input, init));
  });
  vi.stubGlobal('XMLHttpRequest', FetchXhr);
});

/** A call straight to the API, with a fresh Idempotency-Key for the paying routes. */
async function callApi<T>(token: string, path: string, body?: unknown): Promise<T> {
  const response = await realFetch(new URL(`/api${path}`, inject('apiBase')), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': 'en',
      'idempotency-key': crypto.randomUUID(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: T; message: string };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** A new seller's purchase order, checked out to a US address and paid from the balance. */
async function paidPurchaseOrder(): Promise<PurchaseOrder> {
  const seller = await apiRegister();
  await setPayPassword(seller.api_token, seller.password);
  await rechargeThroughSimulator(seller.api_token, 50_000);
  await seedCart(seller.api_token, 1);
  const address = await callApi<{ id: number }>(seller.api_token, '/shoppingcart/addressAdd', {
    name: 'Page Test',
    phone: '+1 415 555 0100',
    country_code: 'US',
    city: 'San Francisco',
    address1: '1 Market St',
    postcode: '94105',
  });
  const settlement = await callApi<Settlement>(seller.api_token, '/shoppingcart/settlement', {
    address_id: address.id,
  });
  const order = await callApi<PurchaseOrder>(seller.api_token, '/shoppingcart/orderSubmit', {
    address_id: address.id,
    items: settlement.items.map((item) => ({
      sku_id: item.sku_id,
      quantity: item.quantity,
      unit_price_minor: item.unit_price_minor,
    })),
    total_minor: settlement.total_minor,
  });
  await callApi(seller.api_token, '/pay/accountPay', {
    order_id: order.id,
    pay_password: TEST_PAY_PASSWORD,
  });
  return order;
}

/** Signs the operator in through the UI on the production desk. */
async function openDesk() {
  renderApp('/admin/sys/production');
  await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
  await signIn('Admin@123456');
  await screen.findByRole('button', { name: /Batch ship/ }, { timeout: 15_000 });
}

async function signIn(password: string) {
  await screen.findByAltText('Captcha image', undefined, { timeout: 10_000 });
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByPlaceholderText('Type the characters shown'), {
    target: { value: PAGE_TEST_CAPTCHA },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('operators console /admin (real server)', () => {
  it('sends a signed-out operator to /admin/login and back to the page, with the operator menu', async () => {
    renderApp('/admin/sys/menu');
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
    await signIn('Admin@123456');

    await waitFor(() => expect(window.location.pathname).toBe('/admin/sys/menu'), {
      timeout: 15_000,
    });
    // The menu is the operators' (get-menu answers by the caller), and its tree fills the table.
    expect(
      await screen.findByRole('menuitem', { name: 'Scheduled tasks' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(await screen.findByText('sys:menu:add', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(useOperatorStore.getState().token).toMatch(/.{16,}/);
    // The seller's session is a separate one, untouched.
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('keeps a wrong password on the login page', async () => {
    renderApp('/admin/login');
    await signIn('not-the-password');
    expect(
      await screen.findByText(/username or password/i, undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/login');
    expect(useOperatorStore.getState().token).toBeNull();
  });

  it('downloads the pick list of the selected purchase orders with the operator session', async () => {
    const order = await paidPurchaseOrder();
    await openDesk();
    const pickList = () => screen.getByRole('button', { name: /Pick list/ });
    expect(pickList().hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: /Print files/ }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByLabelText('PO number'), { target: { value: order.number } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const cell = await screen.findByRole('button', { name: order.number }, { timeout: 10_000 });
    fireEvent.click(cell.closest('tr')!.querySelector('input[type=checkbox]')!);
    await waitFor(() => expect(pickList().hasAttribute('disabled')).toBe(false));
    fireEvent.click(pickList());

    expect(
      await screen.findByText('pick-list.xlsx downloaded', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    const call = calls.find((c) => c.url.pathname === '/api/sys/production/pick-list')!;
    expect(call.url.searchParams.get('ids')).toBe(String(order.id));
    expect(call.authorization).toBe(`Bearer ${useOperatorStore.getState().token}`);
    // What the browser saved is the server's workbook (an xlsx is a zip: "PK").
    expect(downloads).toHaveLength(1);
    // The fetch answer's Blob (Node's, which jsdom's FileReader does not read).
    expect([...new Uint8Array(await downloads[0]!.blob.arrayBuffer()).slice(0, 2)]).toEqual([
      0x50, 0x4b,
    ]);
  }, 120_000);

  it('batch ships a file: the bad row with its reason, the good row shipped by the job', async () => {
    const order = await paidPurchaseOrder();
    await openDesk();
    await callApi(useOperatorStore.getState().token!, '/sys/production/accept', {
      ids: [order.id],
    });
    fireEvent.click(screen.getByRole('button', { name: /Batch ship/ }));
    const dialog = (await screen.findByText('Batch ship from a file')).closest<HTMLElement>(
      '.ant-modal',
    )!;
    const csv = [
      'po_number,carrier,tracking_no,sku,quantity',
      `${order.number},Local courier,LC-88001,,`,
      'PO-NOPE-1,Local courier,LC-88002,,',
    ].join('\n');
    fireEvent.change(dialog.querySelector<HTMLInputElement>('input[type=file]')!, {
      target: { files: [new File([csv], 'ship.csv', { type: 'text/csv' })] },
    });

    // The server answers 422 for row 3 and queues the good row as a job (the page-test server
    // runs no job workers, JOBS=off, so it stays queued; the job itself is the server's
    // production-import test). Its finished answer is then the shape that test asserts.
    expect(await within(dialog).findByText('Queued…', undefined, { timeout: 20_000 })).toBeTruthy();
    const upload = calls.find((c) => c.url.pathname === '/api/sys/production/ship-import')!;
    expect(upload.authorization).toBe(`Bearer ${useOperatorStore.getState().token}`);
    const jobCall = calls.find((c) => c.url.pathname.startsWith('/api/jobs/'))!;
    const pagesBefore = calls.filter((c) => c.url.pathname === '/api/sys/production/page').length;
    const report: ShipImportReport = { shipped: 1, failed: [] };
    answer = (url) =>
      url.pathname === jobCall.url.pathname
        ? Response.json({
            code: 0,
            message: 'ok',
            data: {
              id: url.pathname.split('/').pop()!,
              kind: 'production.ship-import',
              status: 'succeeded',
              progress: 100,
              total: 1,
              done: 1,
              message: null,
              result: report,
              createdAt: 0,
              updatedAt: 0,
            } satisfies JobState,
          })
        : null;

    const result = await within(dialog).findByTestId('batch-ship-result', undefined, {
      timeout: 15_000,
    });
    const count = (label: string) =>
      within(result).getByText(label).closest('th')!.nextElementSibling!.textContent;
    expect(count('Packages shipped')).toBe('1');
    expect(count('Rows refused')).toBe('1');
    expect(within(result).getByText('Rows 3 were not shipped')).toBeTruthy();
    const refused = within(result).getByText('PO-NOPE-1').closest('tr')!;
    expect(within(refused).getByText('3')).toBeTruthy();
    expect(within(refused).getByText('No purchase order "PO-NOPE-1"')).toBeTruthy();
    // The desk asks for its list again.
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url.pathname === '/api/sys/production/page').length,
      ).toBeGreaterThan(pagesBefore),
    );
  }, 120_000);
});
