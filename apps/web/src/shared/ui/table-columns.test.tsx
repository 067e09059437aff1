import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../auth/auth-store.ts';
import { setLanguage } from '../i18n/i18n.ts';
import { useTableColumns } from './table-columns.tsx';

interface Row {
  id: number;
}

function Wide() {
  const shown = useTableColumns<Row>('test.wide', [
    { key: 'number', title: 'Number', render: (_, r) => `N${r.id}` },
    { key: 'store', title: 'Store', render: () => 'Shop' },
    { key: 'buyer', title: 'Buyer', render: () => 'Ann' },
    { key: 'actions', title: 'Actions', render: () => 'Open' },
  ]);
  return (
    <>
      {shown.settings}
      <Table<Row>
        rowKey="id"
        columns={shown.columns}
        scroll={shown.scroll}
        dataSource={[{ id: 1 }]}
      />
    </>
  );
}

const signInAs = (id: number) =>
  useAuthStore.setState({ userInfo: { id } as never, token: `t${id}` });

afterEach(async () => {
  await setLanguage('zh-CN');
  localStorage.clear();
  useAuthStore.setState({ userInfo: null, token: null });
});

describe('useTableColumns', () => {
  it('fixes the first and last columns, and hides a middle one for this user only', async () => {
    await setLanguage('en');
    signInAs(7);
    const { unmount } = render(<Wide />);
    expect(document.querySelector('th.ant-table-cell-fix-start')?.textContent).toBe('Number');
    expect(document.querySelector('th.ant-table-cell-fix-end')?.textContent).toBe('Actions');
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const store = await screen.findByRole('checkbox', { name: 'Store' });
    expect((screen.getByRole('checkbox', { name: 'Number' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    fireEvent.click(store);
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Store' })).toBeNull());
    expect(localStorage.getItem('table-columns:user-7:test.wide')).toBe('["store"]');
    unmount();

    signInAs(8);
    render(<Wide />);
    expect(screen.getByRole('columnheader', { name: 'Store' })).toBeTruthy();
  });
});
