import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { useOperatorStore } from '../../../shared/auth/operator-store.ts';
import { PAGE_TEST_CAPTCHA } from '../../../test/page-constants.ts';
import { renderApp, setupPageTests } from '../../../test/pages.tsx';

setupPageTests();
beforeEach(() => useOperatorStore.getState().clear());

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
});
