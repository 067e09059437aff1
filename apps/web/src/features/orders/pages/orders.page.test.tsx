import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setupPageTests, signInAsNewSeller } from '../../../test/pages.tsx';

setupPageTests();

/**
 * The page-test server runs without the job worker, so no marketplace sync can fill a seller's
 * desk here; the flows on real orders (hold/release, split, batch logistics, settlement into
 * the cart) run in e2e/tests/orders.e2e.ts against the built product with its simulators.
 */
describe('order desk (real server)', () => {
  it('/newOrder: empty desk with tab counts, the sync call to action, filters kept in the URL', async () => {
    await signInAsNewSeller();
    renderApp('/newOrder');
    expect(
      await screen.findByText(
        'Authorize a store and sync its orders; marketplace orders show up here.',
        {},
        { timeout: 30_000 },
      ),
    ).toBeTruthy();
    await waitFor(
      () =>
        expect(
          screen
            .getAllByRole('tab')
            .map((tab) => tab.textContent)
            .slice(-7),
        ).toEqual([
          'All (0)',
          'New (0)',
          'On hold (0)',
          'Processing (0)',
          'Purchased (0)',
          'Shipped (0)',
          'Cancelled (0)',
        ]),
      { timeout: 20_000 },
    );

    // A new seller has no store: the sync says so instead of starting a progress bar.
    const syncs = screen.getAllByRole('button', { name: /Sync orders/ });
    fireEvent.click(syncs.at(-1)!);
    expect(
      await screen.findByText('No store to sync (a store must be switched on and authorized)'),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'DEMO-TEE' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(window.location.search).toBe('?sku=DEMO-TEE'));
    expect(await screen.findByText('No orders match these filters')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: /Processing/ }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
        sku: 'DEMO-TEE',
        status: '30',
      }),
    );
    // A filter picked but not searched yet is kept when a status tab is clicked.
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: 'N-42' } });
    fireEvent.click(screen.getByRole('tab', { name: /New/ }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
        sku: 'DEMO-TEE',
        seller_order_id: 'N-42',
        status: '10',
      }),
    );
    expect((screen.getByLabelText('Order number') as HTMLInputElement).value).toBe('N-42');
    // "More filters" shows the rest of spec 3's set.
    fireEvent.click(screen.getByRole('button', { name: /More filters/ }));
    expect(await screen.findByLabelText('Tracking number')).toBeTruthy();
    expect(screen.getByLabelText('Logistics channel')).toBeTruthy();
  }, 180_000);

  it('/newOrder lists seller-fulfilled orders; marketplace-fulfilled ones under their own filter', async () => {
    await signInAsNewSeller();
    renderApp('/newOrder');
    const channel = await screen.findByRole(
      'combobox',
      { name: 'Fulfillment' },
      { timeout: 30_000 },
    );
    // The default is not in the URL, and the empty desk still offers the sync, not "no match".
    const field = channel.closest('.ant-form-item') as HTMLElement;
    expect(within(field).getByText('Seller-fulfilled')).toBeTruthy();
    expect(window.location.search).toBe('');
    expect(
      await screen.findByText(
        'Authorize a store and sync its orders; marketplace orders show up here.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Orders fulfilled by their marketplace/)).toBeNull();

    fireEvent.mouseDown(channel);
    fireEvent.click(await screen.findByTitle('Fulfilled by marketplace'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(window.location.search).toBe('?fulfillment_channel=AFN'));
    expect(await screen.findByText(/Orders fulfilled by their marketplace/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'FBA orders' }));
    await waitFor(() => expect(window.location.pathname).toBe('/newOrder/FBAorder'));
    expect(await screen.findByText(/Amazon's FBA orders \(shipped by Amazon, AFN\)/)).toBeTruthy();
  }, 180_000);

  it('/newOrder/logistics: explains an empty selection', async () => {
    await signInAsNewSeller();
    renderApp('/newOrder/logistics');
    expect(
      await screen.findByText(
        'No orders selected. Select orders in the order list and click "Set logistics".',
        {},
        { timeout: 30_000 },
      ),
    ).toBeTruthy();
  }, 180_000);

  it('/newOrder/settlement?ids= of an order the seller does not have shows not found', async () => {
    await signInAsNewSeller();
    renderApp('/newOrder/settlement?ids=999999');
    expect(
      await screen.findByText(
        'The order does not exist or you may not see it',
        {},
        { timeout: 30_000 },
      ),
    ).toBeTruthy();
  }, 180_000);
});
