import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setupPageTests, signInAsNewSeller } from '../../../test/pages.tsx';

setupPageTests();

/** The newest dialog showing `title` (a button or a confirmation may show the same text). */
const dialogTitled = async (title: string) =>
  (await screen.findAllByText(title)).at(-1)!.closest<HTMLElement>('.ant-modal')!;

describe('UPC page (real server)', () => {
  it('/goods/upc: pastes codes, shows each row’s result, then voids a code after confirming', async () => {
    await signInAsNewSeller();
    renderApp('/goods/upc');
    expect(
      await screen.findByText(
        'Your code pool is empty. Click "Import" to upload a csv / xlsx file or paste codes',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Import/ }));
    const dialog = await dialogTitled('Import UPC / EAN codes');
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Paste' }));
    fireEvent.change(await within(dialog).findByLabelText('One code per line'), {
      target: { value: '036000291452\n036000291453\n036000291452\n12AB' },
    });
    expect(await within(dialog).findByText('4 lines')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    const result = await within(dialog).findByTestId('upc-import-result', {}, { timeout: 10_000 });
    expect(await screen.findByText('Import finished: 1 new codes')).toBeTruthy();
    const rows = [...result.querySelectorAll('.ant-table-tbody tr.ant-table-row')];
    expect(rows.map((r) => r.textContent)).toEqual([
      '1036000291452Imported',
      '2036000291453Wrong check digit',
      '3036000291452Duplicate',
      '412ABNot digits',
    ]);
    fireEvent.click(within(dialog).getByText('Close').closest('button')!);

    const codeCell = await screen.findByText('036000291452', { selector: '.ant-table-cell *' });
    const row = codeCell.closest('tr')!;
    expect(within(row).getByText('Free')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('upc-count-free').textContent).toBe('Free1'));

    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Void' }));
    const confirm = await dialogTitled('Void the 1 selected codes?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Void' }));
    expect(await screen.findByText('1 codes updated')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('upc-count-void').textContent).toBe('Void1'));
  }, 120_000);

  it('/goods/upc?tab=sku: previews the rule live, saves it and hands out SKUs', async () => {
    await signInAsNewSeller();
    renderApp('/goods/upc?tab=sku');
    const preview = await screen.findByTestId('sku-preview', {}, { timeout: 30_000 });
    const prefix = screen.getByRole('textbox', { name: 'Prefix' });
    await waitFor(() => expect(preview.textContent).toMatch(/^SKU-\d{6}-0001SKU-\d{6}-0002/));

    fireEvent.change(prefix, { target: { value: 'TEE' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Date format' }));
    fireEvent.click(await screen.findByTitle('No date'));
    await waitFor(() => expect(preview.textContent).toBe('TEE-0001TEE-0002TEE-0003'));

    fireEvent.change(prefix, { target: { value: 'T E' } });
    expect(await screen.findByText('Letters and digits only')).toBeTruthy();
    fireEvent.change(prefix, { target: { value: 'TEE' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('SKU rule saved')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('How many'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate SKUs' }));
    expect(await screen.findByText('2 SKUs generated')).toBeTruthy();
    expect(screen.getByTestId('sku-generated').textContent).toContain('TEE-0001  TEE-0002');
    // The preview moves on once the rule is read again.
    await waitFor(
      () => expect(screen.getByTestId('sku-preview').textContent).toBe('TEE-0003TEE-0004TEE-0005'),
      { timeout: 20_000 },
    );
  }, 120_000);
});
