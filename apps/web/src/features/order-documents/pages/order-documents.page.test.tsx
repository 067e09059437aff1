import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setupPageTests, signInAsNewSeller } from '../../../test/pages.tsx';

setupPageTests();

describe('order documents (real server)', () => {
  it('/newOrder/updateLogistics: sends pasted rows and shows each row’s result', async () => {
    await signInAsNewSeller();
    renderApp('/newOrder/updateLogistics');
    const box = await screen.findByLabelText('Paste rows', {}, { timeout: 15_000 });
    fireEvent.change(box, {
      target: {
        value:
          'Order number,Channel,Tracking\nNOPE-1,4PX-GP,4PX3001234567890CN\nNOPE-2\tCAINIAO-SS\tLP00123456789012\n',
      },
    });
    expect(screen.getByText('2 rows recognised')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(
      (await screen.findAllByText('0 rows applied, 2 failed', {}, { timeout: 10_000 })).length,
    ).toBeGreaterThan(0);
    const table = screen.getByText('NOPE-2').closest('table')!;
    expect(within(table).getAllByText('Order not found')).toHaveLength(2);
    expect(screen.getByRole('button', { name: /Download failed rows/ })).toBeTruthy();
  }, 60_000);

  it('/newOrder/relation: empty states of both lists', async () => {
    await signInAsNewSeller();
    renderApp('/newOrder/relation');
    expect(
      await screen.findByText('Every SKU of your open orders is matched', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(await screen.findByText('No SKU relations yet')).toBeTruthy();
  }, 60_000);

  it('/newOrder/declaration: says which order cannot be opened', async () => {
    await signInAsNewSeller();
    renderApp('/newOrder/declaration?ids=987654321');
    expect(
      await screen.findByText('The order does not exist or is not yours', {}, { timeout: 15_000 }),
    ).toBeTruthy();
  }, 60_000);
});
