import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../shared/i18n/i18n.ts';
import { FetchXhr } from '../../../test/fetch-xhr.ts';
import { renderApp, setupPageTests, signInAsNewSeller } from '../../../test/pages.tsx';

setupPageTests();

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FetchXhr);
});

const HEADER =
  'store,order_number,purchase_date,currency,buyer_name,address_line1,city,country,sku,quantity,line_total';

describe('order import and export /newOrder/import (real server)', () => {
  // The page-test server runs without job workers (JOBS=off): the import is queued and shows its
  // progress bar; the job itself is covered by the server's order-transfer tests.
  it('uploads an order file as a job, and imports memos row by row', async () => {
    await signInAsNewSeller();
    renderApp('/newOrder/import');
    expect(
      await screen.findByText('Download the import template', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    const csv = [HEADER, 'Nope,N-1,2026-01-02 10:00,USD,Jo,1 Elm St,Austin,US,SKU-1,1,9.99'].join(
      '\n',
    );
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type=file]')!, {
      target: { files: [new File([csv], 'orders.csv', { type: 'text/csv' })] },
    });
    expect(await screen.findByText('Queued…', {}, { timeout: 20_000 })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Import memos' }));
    const memoPanel = (
      await screen.findByText(/The first row names the columns/)
    ).closest<HTMLElement>('[role=tabpanel]')!;
    fireEvent.change(memoPanel.querySelector<HTMLInputElement>('input[type=file]')!, {
      target: {
        files: [new File(['order_number,memo\nNO-SUCH,Call\n'], 'memos.csv', { type: 'text/csv' })],
      },
    });
    expect(await screen.findAllByText('0 updated, 1 failed', {}, { timeout: 20_000 })).toBeTruthy();
    expect(within(memoPanel).getByText('Order not found')).toBeTruthy();
  }, 60_000);

  it('describes the desk selection, reorders columns and queues the export', async () => {
    await signInAsNewSeller();
    renderApp('/newOrder/import?tab=export&status=10&zone=US&ids=1,2');
    const scope = await screen.findByTestId('export-scope', {}, { timeout: 15_000 });
    expect(scope.textContent).toContain('The 2 selected orders');
    expect(await screen.findByText('Desk status: New')).toBeTruthy();
    expect(screen.getByText('Country: US')).toBeTruthy();
    // The desk's Export button lands here: the page is not named after the import alone.
    const title = () => document.querySelector('.order-transfer-page .ant-card-head-title');
    expect(title()?.textContent).toBe('Import / export orders');
    try {
      await setLanguage('zh-CN');
      await waitFor(() => expect(title()?.textContent).toBe('导入 / 导出订单'));
      expect(screen.getByRole('tab', { name: '导出订单' })).toBeTruthy();
    } finally {
      await setLanguage('en');
    }

    // Plain selectors: role queries over the whole console are slow on a busy machine.
    const columns = await screen.findByTestId('export-columns');
    // The column catalogue arrives with its own request, after the scope.
    await waitFor(() => expect(columns.querySelector('li')).not.toBeNull(), { timeout: 10_000 });
    expect(columns.querySelector('li')!.textContent).toContain('Order number');
    fireEvent.click(columns.querySelector('button[aria-label="Move Store up"]')!);
    expect(columns.querySelector('li')!.textContent).toContain('Store');

    fireEvent.click(screen.getByText('Export').closest('button')!);
    expect(await screen.findByText('Queued…', {}, { timeout: 20_000 })).toBeTruthy();
  }, 120_000);
});
