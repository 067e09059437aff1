import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { PAGE_TEST_CAPTCHA } from '../../../test/page-constants.ts';
import {
  apiRegisterByMobile,
  freshMobile,
  readOutboxCode,
  renderApp,
  setupPageTests,
} from '../../../test/pages.tsx';

setupPageTests();

describe('password reset and mobile login (real server)', () => {
  it('resets the password by SMS code, then logs in by mobile with the new one', async () => {
    const mobile = freshMobile();
    await apiRegisterByMobile(mobile, 'first password 1');

    renderApp('/forget');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: mobile } });
    await screen.findByAltText('Captcha image', undefined, { timeout: 10_000 });
    fireEvent.change(screen.getByPlaceholderText('Type the characters shown'), {
      target: { value: PAGE_TEST_CAPTCHA },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code and continue' }));

    expect(
      await screen.findByText(/A code was sent to 139\*+/, undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('6 digits'), {
      target: { value: await readOutboxCode(mobile) },
    });
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'second password 2' },
    });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'second password 2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'), { timeout: 10_000 });

    fireEvent.click(await screen.findByRole('radio', { name: 'Mobile' }, { timeout: 10_000 }));
    const form = (
      await screen.findByLabelText('Mobile number', undefined, { timeout: 10_000 })
    ).closest('form')!;
    fireEvent.change(within(form).getByLabelText('Mobile number'), { target: { value: mobile } });
    fireEvent.change(
      within(form).getByLabelText('Password', { selector: 'input[type="password"]' }),
      { target: { value: 'second password 2' } },
    );
    // The password login asks for the captcha as the e-mail login does.
    await within(form).findByAltText('Captcha image', undefined, { timeout: 10_000 });
    fireEvent.click(within(form).getByRole('button', { name: 'Log in' }));
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    fireEvent.change(within(form).getByPlaceholderText('Type the characters shown'), {
      target: { value: PAGE_TEST_CAPTCHA },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/home/index'), { timeout: 15_000 });
    expect(useAuthStore.getState().username).toBe(mobile);
    // Two flows in one (a reset, then a mobile login that loads its form and antd on the click):
    // 20-28 s beside the CI's other lanes, against the pages' 30 s default.
  }, 60_000);
});
