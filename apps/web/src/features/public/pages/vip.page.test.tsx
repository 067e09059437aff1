import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setupPageTests } from '../../../test/pages.tsx';

setupPageTests();

describe('membership /vip (real server)', () => {
  it('lists the levels to a visitor and sends "Buy" to the login, then back here', async () => {
    renderApp('/vip');
    const silver = await screen.findByRole('article', { name: 'Silver' }, { timeout: 15_000 });
    expect(within(silver).getByText('5% off platform purchases')).toBeTruthy();
    expect(within(silver).getByText('/ 365 days')).toBeTruthy();
    // The free level is every account's; it has nothing to buy.
    expect(
      within(screen.getByRole('article', { name: 'Regular' })).queryByRole('button'),
    ).toBeNull();

    fireEvent.click(within(silver).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/vip');
  });
});
