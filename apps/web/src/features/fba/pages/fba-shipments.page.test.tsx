import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setupPageTests, signInAsNewSeller } from '../../../test/pages.tsx';

setupPageTests();

/**
 * A new seller has no Amazon store, so these cases cover the empty list and the wizard's own
 * checks; the Amazon steps are covered by the server's fba.test.ts and the e2e walk.
 */
describe('FBA shipments (real server)', () => {
  it('/newOrder/FBAshipments: the empty list, then the wizard asks for the plan’s fields', async () => {
    await signInAsNewSeller();
    renderApp('/newOrder/FBAshipments');
    expect(await screen.findByText('No FBA shipments yet', {}, { timeout: 45_000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Shipment ID'), { target: { value: 'FBA123' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('No FBA shipments yet')).toBeTruthy();

    // POD to FBA: nothing bought yet, and nothing to pay before a quote.
    expect(await screen.findByText('No orders sent to FBA from production yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Send to FBA from production/ }));
    expect(await screen.findByText(/the factory packs them into boxes/)).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Pay and send to production' }).hasAttribute('disabled'),
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /New shipment/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create inbound plan' }));
    // Nothing is sent to Amazon before the required fields are there.
    await waitFor(() =>
      expect(document.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(5),
    );
  }, 120_000);
});
