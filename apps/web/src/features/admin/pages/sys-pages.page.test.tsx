import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useOperatorStore } from '../../../shared/auth/operator-store.ts';
import { PAGE_TEST_CAPTCHA } from '../../../test/page-constants.ts';
import { renderApp, setupPageTests } from '../../../test/pages.tsx';

setupPageTests();
beforeEach(() => useOperatorStore.getState().clear());

/** Opens `path` signed out, signs the demo operator in and lands back on it. */
async function openAsOperator(path: string) {
  renderApp(path);
  await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
  await screen.findByAltText('Captcha image', undefined, { timeout: 10_000 });
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Admin@123456' } });
  fireEvent.change(screen.getByPlaceholderText('Type the characters shown'), {
    target: { value: PAGE_TEST_CAPTCHA },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(window.location.pathname).toBe(path), { timeout: 15_000 });
}

describe(
  'operator console: operation log and system info (real server)',
  { timeout: 90_000 },
  () => {
    it('sets the keep-days and finds that change in the log', async () => {
      await openAsOperator('/admin/sys/log');
      // The first console page of the file loads the console's chunks: slow on a busy machine.
      const keep = (await screen.findByLabelText('Keep for', undefined, {
        timeout: 30_000,
      })) as HTMLInputElement;
      await waitFor(() => expect(keep.value).toMatch(/^\d+$/));
      const days = keep.value === '45' ? '46' : '45';
      fireEvent.change(keep, { target: { value: days } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByText(`The log keeps ${days} days; older rows are deleted every hour`);

      fireEvent.change(screen.getByLabelText('Path'), { target: { value: 'set-keep' } });
      // The row is written just after the answer: search until it is there.
      await waitFor(
        async () => {
          fireEvent.click(screen.getByRole('button', { name: 'Search' }));
          expect(await screen.findByText('POST /api/sys/log/set-keep')).toBeTruthy();
        },
        { timeout: 10_000 },
      );
      expect(screen.getAllByText('Operator').length).toBeGreaterThan(0);
      expect(screen.getByRole('button', { name: /Clear log/ })).toBeTruthy();
    });

    it('shows the server’s health', async () => {
      await openAsOperator('/admin/sys/info');
      expect(
        await screen.findByText('PGlite (embedded)', undefined, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.getByText('Database size')).toBeTruthy();
      expect(screen.getByText('Disk free')).toBeTruthy();
      expect(screen.getByText('Job queue')).toBeTruthy();
    });

    it('adds a department, which the operators page then offers', async () => {
      await openAsOperator('/admin/sys/dept');
      fireEvent.click(
        await screen.findByRole('button', { name: /Add department/ }, { timeout: 10_000 }),
      );
      const name = `Page dept ${Date.now()}`;
      fireEvent.change(await screen.findByLabelText('Department'), { target: { value: name } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(name, undefined, { timeout: 10_000 })).toBeTruthy();
      // The delete button asks first.
      const row = (await screen.findByText(name)).closest('tr')!;
      fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
      expect((await screen.findAllByText(`Delete "${name}"?`)).length).toBeGreaterThan(0);
    });

    it('lists the operator’s own sign-in in the sign-in log, found by user', async () => {
      await openAsOperator('/admin/sys/login-log');
      fireEvent.change(
        await screen.findByPlaceholderText('Username, name, e-mail or mobile', undefined, {
          timeout: 30_000,
        }),
        { target: { value: 'admin' } },
      );
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(screen.getAllByText('Succeeded').length).toBeGreaterThan(0), {
        timeout: 10_000,
      });
      expect(screen.getAllByText('Operator').length).toBeGreaterThan(0);
    });

    it('adds a top-level category on the catalogue’s Categories tab', async () => {
      await openAsOperator('/admin/sys/goods');
      fireEvent.click(await screen.findByRole('tab', { name: 'Categories' }, { timeout: 30_000 }));
      fireEvent.click(await screen.findByRole('button', { name: /Add top-level category/ }));
      const name = `Page category ${Date.now()}`;
      fireEvent.change(await screen.findByLabelText('Chinese name'), { target: { value: name } });
      fireEvent.change(screen.getByLabelText('English name'), {
        target: { value: 'Page category' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(name, undefined, { timeout: 10_000 })).toBeTruthy();
    });
  },
);
