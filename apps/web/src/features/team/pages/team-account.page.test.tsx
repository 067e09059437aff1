import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffUser } from '@app/shared';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import {
  apiLogin,
  apiPost,
  readOutbox,
  renderApp,
  setupPageTests,
  signInAsNewSeller,
} from '../../../test/pages.tsx';

setupPageTests();

const freshEmail = () =>
  `invitee-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
const linkCode = (body: string) => /\/invite\?code=([\w-]+)/.exec(body)?.[1] ?? '';

describe('invitations, the admin page and service info (real server)', () => {
  it('the boss invites a staff member from the dialog; the row shows them invited', async () => {
    await signInAsNewSeller();
    renderApp('/subAccount/staff');
    fireEvent.click(
      await screen.findByRole('button', { name: 'New staff member' }, { timeout: 30_000 }),
    );
    const dialog = (await screen.findAllByText('New staff member'))
      .at(-1)!
      .closest<HTMLElement>('.ant-modal')!;
    const email = freshEmail();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Mei' } });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: email } });
    fireEvent.click(within(dialog).getByLabelText('Send an invitation'));
    await waitFor(() => expect(within(dialog).queryByLabelText('Initial password')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invitation sent')).toBeTruthy();
    const row = (
      await screen.findByText(email, { selector: '.ant-table-cell *, .ant-table-cell' })
    ).closest('tr')!;
    expect(within(row).getByText('Invited')).toBeTruthy();
    expect(within(row).getByText('No role')).toBeTruthy();
    // The rarer actions sit under "More", so the column keeps its width.
    fireEvent.click(within(row).getByRole('button', { name: /More/ }));
    expect(await screen.findByRole('menuitem', { name: 'Resend invitation' })).toBeTruthy();
    expect(linkCode(await readOutbox(email))).not.toBe('');
  }, 180_000);

  it('/invite: the invitee sets a password and can sign in; a bad code says so', async () => {
    const boss = await signInAsNewSeller('Invite Shop');
    const email = freshEmail();
    await apiPost<StaffUser>(
      '/user/create',
      { name: 'Mei', email, invite: true, group_ids: [], store_ids: [] },
      boss.api_token,
    );
    const code = linkCode(await readOutbox(email));
    useAuthStore.getState().clearSession();

    const bad = renderApp('/invite?code=nonsense');
    expect(
      await screen.findByText('This invitation cannot be used', {}, { timeout: 30_000 }),
    ).toBeTruthy();
    bad.unmount();

    renderApp(`/invite?code=${code}`);
    expect(
      await screen.findByText(`Invite Shop invited Mei (${email})`, {}, { timeout: 30_000 }),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your password'), {
      target: { value: 'invitee password 1' },
    });
    fireEvent.change(screen.getByLabelText('Confirm password'), {
      target: { value: 'invitee password 1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(`Your password is set. Log in with ${email}`)).toBeTruthy();
    const staff = await apiLogin(email, 'invitee password 1');
    expect(staff.is_boss).toBe(false);
  }, 180_000);

  it('/subAccount/admin and /subAccount/serviceInfo show the account, its security and usage', async () => {
    const boss = await signInAsNewSeller();
    const view = renderApp('/subAccount/admin');
    expect(await screen.findByText('Main account', {}, { timeout: 30_000 })).toBeTruthy();
    expect(await screen.findByText(boss.email!)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change password' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set pay password' })).toBeTruthy();
    expect(screen.getByText('Recent sign-ins')).toBeTruthy();
    view.unmount();

    renderApp('/subAccount/serviceInfo');
    expect(await screen.findByText('Member level', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('Authorized stores')).toBeTruthy();
    // Stores and staff: the plan sets no limit on either.
    expect(screen.getAllByText('0 / no limit')).toHaveLength(2);
    expect(screen.getByText('0 B / 1.0 GB')).toBeTruthy();
  }, 120_000);
});
