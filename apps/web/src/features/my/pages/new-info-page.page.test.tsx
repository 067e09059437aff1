import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import {
  apiGet,
  readOutbox,
  renderApp,
  signInAsNewSeller,
  setupPageTests,
} from '../../../test/pages.tsx';

setupPageTests();

describe('profile page /my/newInfo (real server)', () => {
  it('changes the display name and shows it in the header', async () => {
    await signInAsNewSeller('Old Name');
    renderApp('/my/newInfo');
    const input = await screen.findByLabelText('Display name', undefined, { timeout: 15_000 });
    fireEvent.change(input, { target: { value: 'New Name Ltd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Display name updated', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    await waitFor(() => expect(useAuthStore.getState().userInfo?.name).toBe('New Name Ltd'), {
      timeout: 10_000,
    });
    expect(within(document.querySelector('.app-header')!).getByText('New Name Ltd')).toBeTruthy();
  });

  it('shows a wrong current password on its field', async () => {
    await signInAsNewSeller();
    renderApp('/my/newInfo?tab=password');
    fireEvent.change(
      await screen.findByLabelText('Current password', undefined, { timeout: 15_000 }),
      {
        target: { value: 'not my password' },
      },
    );
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'a brand new password' },
    });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'a brand new password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('The current password is incorrect', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('sets a pay password after re-entering the login password', async () => {
    const user = await signInAsNewSeller();
    renderApp('/my/newInfo?tab=pay');
    expect(
      await screen.findByText('You have not set a pay password yet.', undefined, {
        timeout: 15_000,
      }),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Login password', { selector: 'input' }), {
      target: { value: user.password },
    });
    fireEvent.change(screen.getByLabelText('Pay password', { selector: 'input' }), {
      target: { value: '246810' },
    });
    fireEvent.change(screen.getByLabelText('Confirm pay password'), {
      target: { value: '246810' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save pay password' }));
    expect(
      await screen.findByText('Pay password saved', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    const binding = await apiGet<{ pay_password: boolean }>('/is-binded', user.api_token);
    expect(binding.data.pay_password).toBe(true);
    expect(
      await screen.findByText('A pay password is set; saving again replaces it.'),
    ).toBeTruthy();
  });
});

describe('e-mail verification (real server)', () => {
  it('changes the e-mail only once the link sent to the new address is opened', async () => {
    const user = await signInAsNewSeller();
    renderApp('/my/newInfo?tab=email');
    expect(await screen.findByText('Verified', undefined, { timeout: 15_000 })).toBeTruthy();
    const newEmail = `moved-${user.id}@example.com`;
    fireEvent.change(screen.getByLabelText('New e-mail address'), {
      target: { value: newEmail },
    });
    fireEvent.change(screen.getByLabelText('Login password', { selector: 'input' }), {
      target: { value: user.password },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send verification link' }));
    expect(
      await screen.findByText(new RegExp(`Waiting for verification: ${newEmail}`), undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /Send again in \d+ s/ })).toBeTruthy();
    expect(useAuthStore.getState().userInfo?.email).toBe(user.email);

    const token = /verify-email\?token=([\w-]+)/.exec(await readOutbox(newEmail))?.[1];
    expect(token).toBeTruthy();
    renderApp(`/verify-email?token=${token}`);
    expect(
      await screen.findByText(`${newEmail} is verified`, undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    await waitFor(() => expect(useAuthStore.getState().userInfo?.email).toBe(newEmail), {
      timeout: 10_000,
    });
  });

  it('asks an unverified account to verify on every console page', async () => {
    const user = await signInAsNewSeller();
    // Signing up by e-mail code verifies the address, so the server's answer says unverified
    // here: the page reloads the profile, and a verified one would take the banner away.
    const toServer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await toServer(input, init);
      if (new URL(String(input), 'http://page.test').pathname !== '/api/common/get-user-info') {
        return res;
      }
      const body = (await res.json()) as { data: object };
      return Response.json({ ...body, data: { ...body.data, email_verified: false } });
    });
    useAuthStore.getState().setUserInfo({ ...user, email_verified: false });
    renderApp('/my/newInfo');
    expect(
      await screen.findByText(
        `Verify your e-mail address ${user.email}: open the link in the verification e-mail, or send it again.`,
        undefined,
        {
          timeout: 15_000,
        },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change address' }).getAttribute('href')).toBe(
      '/my/newInfo?tab=email',
    );
  });
});
