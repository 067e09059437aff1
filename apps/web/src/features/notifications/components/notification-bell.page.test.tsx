import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MemberLevel, UnreadCount } from '@app/shared';
import { buyLevel, rechargeThroughSimulator, setPayPassword } from '../../../test/money.ts';
import { apiGet, renderApp, setupPageTests, signInAsNewSeller } from '../../../test/pages.tsx';

setupPageTests();

/** Recharges ¥309 and buys the ¥299 level: the ¥10 left is below the low-balance line. */
async function lowBalance(token: string, password: string): Promise<void> {
  await setPayPassword(token, password);
  await rechargeThroughSimulator(token, 30_900);
  const levels = (await apiGet<MemberLevel[]>('/level/list', token)).data;
  const silver = levels.find((l) => l.price_minor === 29_900)!;
  await buyLevel(token, silver.id);
}

describe('the notification bell (real server)', () => {
  it('shows the unread count, lists the notice, opens it and marks it read', async () => {
    const seller = await signInAsNewSeller();
    renderApp('/home/index');
    const bell = await screen.findByRole('button', { name: 'Notifications' }, { timeout: 15_000 });
    fireEvent.click(bell);
    expect(
      await screen.findByText('No notifications yet', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    fireEvent.click(bell);

    await lowBalance(seller.api_token, seller.password);
    // Coming back to the window refreshes the badge at once (otherwise the next minute's poll).
    window.dispatchEvent(new Event('visibilitychange'));
    const unread = await screen.findByRole(
      'button',
      { name: 'Notifications, 1 unread' },
      { timeout: 10_000 },
    );
    fireEvent.click(unread);
    const item = await screen.findByText(/Your balance is down to ¥10\.00/, undefined, {
      timeout: 10_000,
    });
    expect(within(item.closest('li')!).getByLabelText('Unread')).toBeTruthy();
    fireEvent.click(item);

    await waitFor(() => expect(window.location.pathname).toBe('/my/recharge'), {
      timeout: 10_000,
    });
    await waitFor(
      async () =>
        expect(
          (await apiGet<UnreadCount>('/notification/unread-count', seller.api_token)).data,
        ).toEqual({ count: 0 }),
      { timeout: 10_000 },
    );
    expect(
      await screen.findByRole('button', { name: 'Notifications' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('marks all read from the list', async () => {
    const seller = await signInAsNewSeller();
    await lowBalance(seller.api_token, seller.password);
    renderApp('/home/index');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 15_000 }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(
      await screen.findByRole('button', { name: 'Notifications' }, { timeout: 10_000 }),
    ).toBeTruthy();
    fireEvent.click(await screen.findByText('Unread'));
    expect(
      await screen.findByText('No notifications yet', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
