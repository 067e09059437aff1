import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Group, UserInfo } from '@app/shared';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import {
  apiLogin,
  apiPost,
  renderApp,
  setupPageTests,
  signInAsNewSeller,
} from '../../../test/pages.tsx';

setupPageTests();

const dialogTitled = async (title: string) =>
  (await screen.findAllByText(title)).at(-1)!.closest<HTMLElement>('.ant-modal')!;

const staffEmail = () =>
  `staff-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

describe('sub-account pages (real server)', () => {
  it('/subAccount/role then /subAccount/staff: the boss creates a role from the tree, then a staff member in it', async () => {
    await signInAsNewSeller();
    const view = renderApp('/subAccount/role');
    // The built-in roles are listed read-only.
    expect(await screen.findByText('Order clerk', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getAllByText('Built-in').length).toBe(4);

    fireEvent.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = await dialogTitled('New role');
    fireEvent.change(within(dialog).getByLabelText('Role name'), {
      target: { value: 'Amazon team' },
    });
    // Checking a page checks every permission under it.
    const page = await within(dialog).findByText('Amazon cloud warehouse', {}, { timeout: 15_000 });
    fireEvent.click(page.closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role created', {}, { timeout: 15_000 })).toBeTruthy();
    const row = (await screen.findByText('Amazon team', {}, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByText('7 permissions')).toBeTruthy();
    view.unmount();

    renderApp('/subAccount/staff');
    fireEvent.click(
      await screen.findByRole('button', { name: 'New staff member' }, { timeout: 30_000 }),
    );
    const staffDialog = await dialogTitled('New staff member');
    const email = staffEmail();
    fireEvent.change(within(staffDialog).getByLabelText('Name'), { target: { value: 'Lin' } });
    fireEvent.change(within(staffDialog).getByLabelText('E-mail'), { target: { value: email } });
    fireEvent.change(within(staffDialog).getByLabelText('Initial password'), {
      target: { value: 'short' },
    });
    fireEvent.mouseDown(within(staffDialog).getByRole('combobox', { name: 'Roles' }));
    fireEvent.click(await screen.findByTitle('Amazon team'));
    fireEvent.click(within(staffDialog).getByRole('button', { name: 'Save' }));
    // The password policy is the server's: its message shows on the field.
    expect(await within(staffDialog).findByText(/at least/i)).toBeTruthy();
    fireEvent.change(within(staffDialog).getByLabelText('Initial password'), {
      target: { value: 'staff password 1' },
    });
    fireEvent.click(within(staffDialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Staff member created', {}, { timeout: 15_000 })).toBeTruthy();
    const staffRow = (
      await screen.findByText(email, { selector: '.ant-table-cell *, .ant-table-cell' })
    ).closest('tr')!;
    expect(within(staffRow).getByText('Amazon team')).toBeTruthy();
    expect(within(staffRow).getByText('Never')).toBeTruthy();
  }, 180_000);

  it('a staff member signing in sees only the menus their role grants', async () => {
    const boss = await signInAsNewSeller();
    const group = await apiPost<Group>(
      '/group/create',
      { name: 'Listing only', permissions: ['goods:collectyun:list', 'goods:collectyun:info'] },
      boss.api_token,
    );
    const email = staffEmail();
    await apiPost(
      '/user/create',
      { name: 'Lin', email, password: 'staff password 1', group_ids: [group.id], store_ids: [] },
      boss.api_token,
    );
    useAuthStore.getState().clearSession();
    const staff: UserInfo = await apiLogin(email, 'staff password 1');
    useAuthStore.getState().signIn(staff, email);
    renderApp('/home/index');
    const sider = await waitFor(
      () => {
        const el = document.querySelector<HTMLElement>('.app-sider');
        expect(el?.textContent).toContain('Listings');
        return el!;
      },
      { timeout: 30_000 },
    );
    // Of the sub-account pages staff see only their own account (the other pages are boss-only).
    fireEvent.click(within(sider).getByText('Sub-accounts'));
    expect(await within(sider).findByText('Account')).toBeTruthy();
    expect(sider.textContent).not.toContain('Roles');
    expect(sider.textContent).not.toContain('Visit log');
    expect(sider.textContent).not.toContain('Finance');
    expect(sider.textContent).not.toContain('Orders');
  }, 120_000);
});
