import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { DEMO, PAGE_TEST_CAPTCHA } from '../../../test/page-constants.ts';
import { renderApp, setupPageTests } from '../../../test/pages.tsx';

setupPageTests();

async function fillLogin(email: string, password: string) {
  await screen.findByAltText('Captcha image', undefined, { timeout: 10_000 });
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByPlaceholderText('Type the characters shown'), {
    target: { value: PAGE_TEST_CAPTCHA },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page (real server)', () => {
  it('sends a signed-out visitor to /login, then back to where they were going', async () => {
    renderApp('/home/index');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/home/index');

    await fillLogin(DEMO.email, DEMO.password);

    await waitFor(() => expect(window.location.pathname).toBe('/home/index'), { timeout: 15_000 });
    expect(
      await screen.findByText(new RegExp(`, ${DEMO.name}$`), undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(useAuthStore.getState().token).toMatch(/.{16,}/);
    // The server menu arrived and drives the sidebar.
    expect(await screen.findByRole('menuitem', { name: /Home/ }, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows a wrong password on the password field and stays on /login', async () => {
    renderApp('/login');
    await fillLogin(DEMO.email, 'not-the-password');
    expect(
      await screen.findByText('E-mail or password is incorrect', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('checks the form with the shared schemas before calling the server', async () => {
    renderApp('/login');
    await screen.findByAltText('Captcha image', undefined, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    // antd validates the fields one by one; wait until both messages are there.
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2));
  });
});
