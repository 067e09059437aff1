import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../shared/auth/auth-store.ts';
import { apiGet, apiLogout, renderApp, signInAsNewSeller, setupPageTests } from '../test/pages.tsx';
import { useTabsStore } from './tabs/tabs-store.ts';

setupPageTests();

const tabLabels = () => useTabsStore.getState().tabs.map((t) => t.value);

describe('signed-in shell (real server)', () => {
  it('opens menu pages as tabs, keeps home first, and closes back to the neighbour', async () => {
    await signInAsNewSeller('Tab Tester');
    renderApp('/home/index');
    const menu = await screen.findByRole('menu', undefined, { timeout: 15_000 });

    fireEvent.click(within(menu).getByText('Product library'));
    fireEvent.click(await within(menu).findByText('Private finished library'));
    expect(
      await screen.findByText('Your private finished library is empty', undefined, {
        timeout: 15_000,
      }),
    ).toBeTruthy();
    fireEvent.click(within(menu).getByText('Orders'));
    fireEvent.click(await within(menu).findByText('Platform orders'));
    await waitFor(() => expect(window.location.pathname).toBe('/newOrder'));
    expect(tabLabels()).toEqual(['/home/index', '/goods/collect', '/newOrder']);

    const strip = document.querySelector('.app-tabs') as HTMLElement;
    const close = strip.querySelectorAll('.app-tabs__close');
    fireEvent.click(close[close.length - 1]!);
    await waitFor(() => expect(window.location.pathname).toBe('/goods/collect'));
    expect(tabLabels()).toEqual(['/home/index', '/goods/collect']);
    // The tablist holds only tabs: the × is not a button there, and Delete closes a focused tab.
    expect(within(strip).queryAllByRole('button', { name: /remove/i })).toEqual([]);
    fireEvent.keyDown(within(strip).getByRole('tab', { name: 'Private finished library' }), {
      key: 'Delete',
    });
    await waitFor(() => expect(tabLabels()).toEqual(['/home/index']));
  });

  it('sends a revoked token to /login with the expiry message and clears the session', async () => {
    const user = await signInAsNewSeller();
    await apiLogout(user.api_token);
    renderApp('/my/newInfo');
    expect(
      await screen.findByText('identity has expired, please log in again', undefined, {
        timeout: 15_000,
      }),
    ).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/my/newInfo');
    expect(useAuthStore.getState().token).toBeNull();
    expect(useTabsStore.getState().tabs).toHaveLength(1);
  });

  it('answers an unknown signed-in path with /404', async () => {
    await signInAsNewSeller();
    renderApp('/no/such/page');
    expect(
      await screen.findByText('This page does not exist or has moved.', undefined, {
        timeout: 15_000,
      }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/404');
  });

  it('logs out after the confirmation and revokes the token on the server', async () => {
    const user = await signInAsNewSeller();
    renderApp('/home/index');
    fireEvent.click(
      await screen.findByRole('button', { name: /Page Test Seller/ }, { timeout: 15_000 }),
    );
    fireEvent.click(await screen.findByText('Log out'));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(within(dialog).getByText('Do you want to log out of this account?')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(useAuthStore.getState().token).toBeNull();
    expect((await apiGet('/common/get-user-info', user.api_token)).code).toBe(401);
  });
});
