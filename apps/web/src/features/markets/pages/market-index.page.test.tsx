import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { AuthorizationUrl, AuthorizedStore, AutoBuySettings, StorePage } from '@app/shared';
import {
  apiGet,
  apiPost,
  recordLeaving,
  renderApp,
  setupPageTests,
  signInAsNewSeller,
} from '../../../test/pages.tsx';

setupPageTests();
/** The consent pages the page left for. */
const leftFor = recordLeaving();

const realFetch = globalThis.fetch;
const TEMU_US = 301;
const SHOPIFY = 101;

type Seller = Awaited<ReturnType<typeof signInAsNewSeller>>;

/** Every API call the page made in this test, with its JSON body. */
let calls: { path: string; body: unknown }[] = [];
/** Lets a test answer one path itself; everything else goes to the real server. */
let answer: ((path: string) => Response | undefined) | null = null;

beforeEach(() => {
  calls = [];
  answer = null;
  // setupPageTests has already pointed fetch at the real server; this wraps that.
  const toServer = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://page.test').pathname;
    calls.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    return Promise.resolve(answer?.(path) ?? toServer(input, init));
  });
});

/** An attribute of the first tag matching `pattern` in `html`. */
function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
}

/**
 * Authorizes a store the way a seller's browser does, over plain HTTP: the consent link from
 * get-authorization-url, the simulator's consent form submitted with "Authorize", then the
 * redirects through the callback. Resolves the stores page URL the callback sends back to.
 */
async function authorizeThroughSimulator(
  seller: Seller,
  marketSiteId: number,
  alias: string,
): Promise<string> {
  const base = inject('apiBase');
  const { url } = await apiPost<AuthorizationUrl>(
    '/market/get-authorization-url',
    { market_site_id: marketSiteId, alias },
    seller.api_token,
  );
  // The consent link names the public host (localhost); the test server listens on apiBase.
  const consent = new URL(new URL(url).pathname + new URL(url).search, base);
  const html = await (await realFetch(consent)).text();
  const form = /<form\b[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0];
  if (!form) throw new Error(`No consent form at ${consent.toString()}`);
  const fields = new URLSearchParams();
  for (const input of form.match(/<input\b[^>]*>/g) ?? []) {
    const name = attr(input, 'name');
    if (name) fields.set(name, attr(input, 'value') ?? '');
  }
  const button = /<button\b[^>]*>\s*Authorize\s*<\/button>/.exec(form)?.[0] ?? '';
  const decision = attr(button, 'name');
  if (decision) fields.set(decision, attr(button, 'value') ?? '');
  const action = new URL(attr(form, 'action') || consent.toString(), consent);

  let response = await realFetch(action, {
    method: 'POST',
    body: fields,
    redirect: 'manual',
  });
  for (let hop = 0; hop < 5 && response.status >= 300 && response.status < 400; hop += 1) {
    const next = new URL(response.headers.get('location')!, base);
    if (next.pathname.startsWith('/market/index')) return `${next.pathname}${next.search}`;
    response = await realFetch(new URL(next.pathname + next.search, base), { redirect: 'manual' });
  }
  throw new Error(`The consent did not come back to the stores page (${response.status})`);
}

async function newSellerWithStore(alias: string) {
  const seller = await signInAsNewSeller();
  let back = await authorizeThroughSimulator(seller, TEMU_US, alias);
  // Temu's callback brings only its code, which the signed-in stores page hands on.
  const code = new URLSearchParams(back.split('?')[1]).get('temu_code');
  if (code) {
    const done = await apiPost<AuthorizedStore>(
      '/market/complete-authorization',
      { code },
      seller.api_token,
    );
    back = `/market/index?authorized=${done.store_id}`;
  }
  const id = Number(new URLSearchParams(back.split('?')[1]).get('authorized'));
  expect(id).toBeGreaterThan(0);
  return { seller, back, id };
}

const rowOf = (text: string) => screen.getByText(text).closest<HTMLElement>('tr')!;
async function closed(title: string): Promise<void> {
  await waitFor(() => expect(screen.queryAllByText(title)).toHaveLength(0), { timeout: 5_000 });
}

/** The newest dialog showing `title` (a confirmation renders its title more than once). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const found = await screen.findAllByText(title);
  return found.at(-1)!.closest<HTMLElement>('.ant-modal')!;
}

async function storesOf(seller: Seller): Promise<StorePage['list']> {
  const { data } = await apiGet<StorePage>('/market/index?page=1&size=20', seller.api_token);
  return data.list;
}

describe('stores /market/index (real server)', () => {
  it('comes back from the consent page with a message, the new row highlighted and a clean URL', async () => {
    const { id, back } = await newSellerWithStore('Temu main');
    renderApp(back);

    expect(
      await screen.findByText('Store authorized', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    await waitFor(() => expect(rowOf('Temu main')).toBeTruthy(), { timeout: 10_000 });
    const row = rowOf('Temu main');
    expect(row.getAttribute('data-row-key')).toBe(String(id));
    expect(row.className).toContain('markets-row--new');
    expect(within(row).getByText('Temu')).toBeTruthy();
    expect(within(row).getByText('United States · US · USD')).toBeTruthy();
    expect(within(row).getByText('Sandbox')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('tells an authorization error from the callback and cleans the URL', async () => {
    await signInAsNewSeller();
    renderApp('/market/index?auth_error=The%20seller%20denied%20access');
    expect(
      await screen.findByText(
        'The store could not be authorized: The seller denied access',
        undefined,
        {
          timeout: 15_000,
        },
      ),
    ).toBeTruthy();
    expect(await screen.findByText('No stores authorized yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Authorize your first store/ })).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('renames a store inline, switches it off after confirming and on again', async () => {
    const { seller } = await newSellerWithStore('Before rename');
    renderApp('/market/index');
    await waitFor(() => expect(rowOf('Before rename')).toBeTruthy(), { timeout: 15_000 });

    fireEvent.click(within(rowOf('Before rename')).getByRole('button', { name: 'Rename' }));
    const box = within(rowOf('Before rename')).getByRole('textbox');
    fireEvent.change(box, { target: { value: 'US flagship' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    fireEvent.keyUp(box, { key: 'Enter', keyCode: 13 });
    expect(
      await screen.findByText('Store alias saved', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    await waitFor(() => expect(rowOf('US flagship')).toBeTruthy(), { timeout: 10_000 });
    expect(calls.find((c) => c.path === '/api/market/modify-alias')?.body).toMatchObject({
      alias: 'US flagship',
    });

    fireEvent.click(within(rowOf('US flagship')).getByRole('switch'));
    const confirm = await dialogTitled('Switch off the store "US flagship"?');
    expect(within(confirm).getByText(/never syncs orders and receives no listings/)).toBeTruthy();
    // Cancelling leaves the store on.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await closed('Switch off the store "US flagship"?');
    expect(calls.some((c) => c.path === '/api/market/modify-status')).toBe(false);

    fireEvent.click(within(rowOf('US flagship')).getByRole('switch'));
    const again = await dialogTitled('Switch off the store "US flagship"?');
    fireEvent.click(within(again).getByRole('button', { name: 'Switch off' }));
    expect(
      await screen.findByText('Store switched off', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    await waitFor(async () => expect((await storesOf(seller))[0]!.status).toBe(0));
    await waitFor(() =>
      expect(within(rowOf('US flagship')).getByRole('switch').getAttribute('aria-checked')).toBe(
        'false',
      ),
    );

    // Switching on needs no confirmation.
    fireEvent.click(within(rowOf('US flagship')).getByRole('switch'));
    expect(
      await screen.findByText('Store switched on', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    await waitFor(async () => expect((await storesOf(seller))[0]!.status).toBe(1));
  });

  it('switches auto-buy on from the Automation dialog with the pay password, a wrong one on its field', async () => {
    const { seller, id } = await newSellerWithStore('Auto store');
    await apiPost(
      '/save-pay-pwd',
      { password: seller.password, pay_password: '135790', pay_password_confirmation: '135790' },
      seller.api_token,
    );
    renderApp('/market/index');
    await waitFor(() => expect(rowOf('Auto store')).toBeTruthy(), { timeout: 30_000 });

    fireEvent.click(within(rowOf('Auto store')).getByRole('button', { name: 'Automation' }));
    const dialog = await dialogTitled('Automation: Auto store');
    // Off by default; the pay password is asked for only when switching on.
    const toggle = await within(dialog).findByRole('switch', undefined, { timeout: 10_000 });
    expect(within(dialog).getByText(/created and paid from your balance/)).toBeTruthy();
    expect(within(dialog).getByText(/Awaiting funds/)).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(within(dialog).queryByLabelText('Pay password')).toBeNull();

    fireEvent.click(toggle);
    fireEvent.change(within(dialog).getByLabelText('Daily cap (CNY)'), {
      target: { value: '200' },
    });
    const password = await within(dialog).findByLabelText('Pay password');
    fireEvent.change(password, { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Wrong pay password', undefined, { timeout: 10_000 }),
    ).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Pay password'), {
      target: { value: '135790' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Auto-buy is on', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/market/auto-buy').at(-1)?.body).toEqual({
      id,
      enabled: true,
      daily_cap_minor: 20_000,
      pay_password: '135790',
    });
    const { data } = await apiGet<AutoBuySettings>(`/market/auto-buy?id=${id}`, seller.api_token);
    expect(data).toMatchObject({ enabled: true, daily_cap_minor: 20_000 });
    await waitFor(
      () =>
        expect(
          within(rowOf('Auto store')).getByRole('button', { name: 'Automation (auto-buy on)' }),
        ).toBeTruthy(),
      { timeout: 10_000 },
    );
  });

  it("shows the server's message when a store being published to cannot be deleted", async () => {
    const { seller } = await newSellerWithStore('Busy store');
    // The server refuses with 409 while listing-publishing jobs run for the store
    // (modules/markets/service.ts deleteStore); no API can start such a job yet, so this
    // one answer is the server's own, replayed.
    const refusal = {
      code: 409,
      data: { publishing: 2 },
      message: 'This store has 2 listing(s) being published; delete it once they finish',
    };
    answer = (path) =>
      path === '/api/market/delMarket'
        ? new Response(JSON.stringify(refusal), {
            status: 409,
            headers: { 'content-type': 'application/json' },
          })
        : undefined;
    renderApp('/market/index');
    await waitFor(() => expect(rowOf('Busy store')).toBeTruthy(), { timeout: 15_000 });

    fireEvent.click(within(rowOf('Busy store')).getByRole('button', { name: 'Delete' }));
    const confirm = await dialogTitled('Delete the store "Busy store"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal.message, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(rowOf('Busy store')).toBeTruthy();
    await closed('Delete the store "Busy store"?');

    // Without the refusal the same confirmation deletes it.
    answer = null;
    fireEvent.click(within(rowOf('Busy store')).getByRole('button', { name: 'Delete' }));
    const second = await dialogTitled('Delete the store "Busy store"?');
    fireEvent.click(within(second).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Store deleted', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(
      await screen.findByText('No stores authorized yet', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(await storesOf(seller)).toEqual([]);
  });

  it('builds the authorization request from the dialog and leaves for the consent page', async () => {
    await signInAsNewSeller();
    renderApp('/market/index');
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: /Authorize your first store/ },
        { timeout: 15_000 },
      ),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      await within(dialog).findByRole('button', { name: /Shopify/ }, { timeout: 10_000 }),
    );

    const shop = await within(dialog).findByLabelText('Shopify shop domain');
    fireEvent.change(shop, { target: { value: 'not a shop' } });
    fireEvent.change(within(dialog).getByLabelText('Store alias (optional)'), {
      target: { value: 'Shopify DTC' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Shopify' }));
    expect(await within(dialog).findByText('Enter the shop as name.myshopify.com')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/market/get-authorization-url')).toBe(false);

    fireEvent.change(shop, { target: { value: 'page-test.myshopify.com' } });
    // Enter in a field submits, as the button does.
    fireEvent.submit(shop.closest('form')!);
    await waitFor(() => expect(leftFor).toHaveLength(1), { timeout: 10_000 });

    const request = calls.find((c) => c.path === '/api/market/get-authorization-url');
    expect(request?.body).toEqual({
      market_site_id: SHOPIFY,
      alias: 'Shopify DTC',
      shop: 'page-test.myshopify.com',
    });
    const consent = new URL(leftFor[0]!);
    expect(consent.pathname).toContain('page-test.myshopify.com');
    expect(consent.searchParams.get('state')).toBeTruthy();
  });

  it('adds an exempt brand for all stores and deletes it after confirming', async () => {
    await newSellerWithStore('Brand store');
    renderApp('/market/index?tab=exempt');
    expect(
      await screen.findByText('No exempt brands yet', undefined, { timeout: 15_000 }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Add brand/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Brand'), { target: { value: 'Lotus Works' } });
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'Own label' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Exempt brand saved', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    await waitFor(() => expect(rowOf('Lotus Works')).toBeTruthy(), { timeout: 10_000 });
    expect(within(rowOf('Lotus Works')).getByText('All stores')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/market/exemption/store')?.body).toEqual({
      brand: 'Lotus Works',
      store_id: null,
      remark: 'Own label',
      // Only brands Amazon granted a GTIN exemption are ticked; this one skips forbidden words.
      gtin_exempt: false,
    });

    fireEvent.click(within(rowOf('Lotus Works')).getByRole('button', { name: 'Delete' }));
    const confirm = await dialogTitled('Delete the exempt brand "Lotus Works"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('1 exempt brand(s) deleted', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(
      await screen.findByText('No exempt brands yet', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
