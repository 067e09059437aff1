import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setupPageTests, signInAsNewSeller } from '../../../test/pages.tsx';

setupPageTests();

/**
 * The page-test server has no job worker and a new seller has no Shopee store, so these cases
 * cover the empty states and the refusals; the Shopee calls themselves are covered by the
 * server's shopee-orders.test.ts against the simulator.
 */
describe('Shopee orders (real server)', () => {
  it('/newOrder/shopee: empty orders, a sync with no store, channels need a store', async () => {
    await signInAsNewSeller();
    renderApp('/newOrder/shopee');
    expect(
      await screen.findByText(
        'No Shopee orders yet. Click "Sync orders" to fetch them from your authorized stores.',
        {},
        { timeout: 45_000 },
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Sync orders/ }));
    expect(
      await screen.findByText('No store to sync (a store must be switched on and authorized)'),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: '2611' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('No orders match these filters')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Logistics channels' }));
    expect(
      await screen.findByText(
        'No logistics channels yet. Choose a store and click "Sync channels".',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Sync channels/ }));
    expect(await screen.findByText('Choose a store first')).toBeTruthy();
  }, 120_000);

  it('/newOrder/shopee packs: the dialog lists the warehouses and asks for the required fields', async () => {
    await signInAsNewSeller();
    renderApp('/newOrder/shopee');
    fireEvent.click(await screen.findByRole('tab', { name: 'Packs' }, { timeout: 45_000 }));
    expect(
      await screen.findByText(
        'No packs yet. Click "New pack" to box orders for a first-mile warehouse.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /New pack/ }));
    const dialog = (await screen.findAllByText('New pack'))
      .at(-1)!
      .closest<HTMLElement>('.ant-modal')!;
    fireEvent.mouseDown(within(dialog).getByLabelText('Warehouse'));
    expect(
      await screen.findByText(
        'CN · Shenzhen Longhua first-mile warehouse',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Warehouse, tracking number and orders are required: nothing is sent without them.
    await waitFor(
      () => {
        const errors = [...dialog.querySelectorAll('.ant-form-item-explain-error')]
          .map((e) => e.textContent)
          .join(' | ');
        expect(errors).toMatch(/Warehouse/);
        expect(errors).toMatch(/Tracking number/);
        expect(errors).toMatch(/Orders/);
      },
      { timeout: 10_000 },
    );
  }, 120_000);
});
