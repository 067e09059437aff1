import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { DEMO, PAGE_TEST_CAPTCHA } from '../../../test/page-constants.ts';
import { freshMobile, readOutboxCode, renderApp, setupPageTests } from '../../../test/pages.tsx';

setupPageTests();

async function fillRegister(
  name: string,
  email: string,
  password: string,
  { confirmation = password, code }: { confirmation?: string; code?: string } = {},
) {
  renderApp('/register');
  await screen.findByAltText('Captcha image', undefined, { timeout: 10_000 });
  fireEvent.change(screen.getByLabelText('Display or company name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  if (code === undefined) {
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByRole('button', { name: /Resend in \d+ s/ }, { timeout: 10_000 }),
    ).toBeTruthy();
  }
  fireEvent.change(screen.getByLabelText('E-mail code'), {
    target: { value: code ?? (await readOutboxCode(email)) },
  });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirmation } });
  fireEvent.change(screen.getByPlaceholderText('Type the characters shown'), {
    target: { value: PAGE_TEST_CAPTCHA },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign up and log in' }));
}

describe('sign-up page (real server)', () => {
  it('signs up by e-mail and is logged in straight away', async () => {
    const email = `new-${Date.now().toString(36)}@example.com`;
    await fillRegister('Harbour Prints', email, 'a long enough password');
    await waitFor(() => expect(window.location.pathname).toBe('/home/index'), { timeout: 15_000 });
    expect(
      await screen.findByText(/, Harbour Prints$/, undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(useAuthStore.getState().username).toBe(email);
    // The first test of the file also waits for the page chunks; the code adds a round trip.
  }, 60_000);

  it('puts "already registered" on the e-mail field once the code proves the mailbox', async () => {
    await fillRegister('Someone', DEMO.email, 'a long enough password');
    expect(
      await screen.findByText('This e-mail address is already registered', undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/register');
  });

  it('catches a mismatched confirmation before calling the server', async () => {
    await fillRegister('Someone', 'x@example.com', 'a long enough password', {
      confirmation: 'another password!',
      code: '123456',
    });
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(useAuthStore.getState().token).toBeNull();
  });
});

describe('sign-up by mobile (real server)', () => {
  it('sends a code after the captcha dialog, counts down, and signs up with it', async () => {
    const mobile = freshMobile();
    renderApp('/register?by=mobile');
    fireEvent.change(await screen.findByLabelText('Display or company name'), {
      target: { value: 'Mobile Maker' },
    });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: mobile } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    await within(dialog).findByAltText('Captcha image', undefined, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByPlaceholderText('Type the characters shown'), {
      target: { value: PAGE_TEST_CAPTCHA },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByRole('button', { name: /Resend in \d+ s/ }, { timeout: 10_000 }),
    ).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('6 digits'), {
      target: { value: await readOutboxCode(mobile) },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'mobile password 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up and log in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/home/index'), { timeout: 15_000 });
    expect(useAuthStore.getState().username).toBe(mobile);
  });
});
