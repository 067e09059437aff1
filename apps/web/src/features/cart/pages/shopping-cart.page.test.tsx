import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMinor } from '@app/shared';
import { cartOf, seedCart } from '../../../test/cart-seed.ts';
import { renderApp, setupPageTests, signInAsNewSeller } from '../../../test/pages.tsx';

setupPageTests();

const rowOf = (id: number) => document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`)!;

/** The newest dialog showing `title` (a confirmation renders its title more than once). */
async function confirmIn(title: string, button: string): Promise<void> {
  const found = await screen.findAllByText(title);
  const dialog = found.at(-1)!.closest<HTMLElement>('.ant-modal')!;
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
}

describe('shopping cart /goods/shoppingcart (real server)', () => {
  it('changes quantities, selects, deletes a line and clears the cart', async () => {
    const seller = await signInAsNewSeller();
    await seedCart(seller.api_token, 2);
    const [first, second] = (await cartOf(seller.api_token)).items;

    renderApp('/goods/shoppingcart');
    await waitFor(() => expect(rowOf(first!.id)).toBeTruthy(), { timeout: 15_000 });
    expect(within(rowOf(first!.id)).getByText(`SKU: ${first!.sku_code}`)).toBeTruthy();
    expect(screen.getByText('Lines selected: 2')).toBeTruthy();

    // Plus is one step; a typed quantity is sent after the pause.
    fireEvent.click(within(rowOf(first!.id)).getByRole('button', { name: 'One more' }));
    await waitFor(async () => expect((await cartOf(seller.api_token)).items[0]!.quantity).toBe(2));
    const input = within(rowOf(second!.id)).getByLabelText(`Quantity of "${second!.title}"`);
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(
      () =>
        expect(
          within(rowOf(second!.id)).getByText(`¥${formatMinor(second!.unit_price_minor * 3)}`),
        ).toBeTruthy(),
      { timeout: 10_000 },
    );
    const subtotal = first!.unit_price_minor * 2 + second!.unit_price_minor * 3;
    expect(await screen.findByText(`¥${formatMinor(subtotal)}`)).toBeTruthy();
    expect(screen.getByText('Pieces: 5')).toBeTruthy();

    // Unselecting leaves the line out of the totals.
    fireEvent.click(screen.getByLabelText(`Select "${first!.title}"`));
    expect(await screen.findByText('Lines selected: 1')).toBeTruthy();
    expect(
      screen.getByText(`¥${formatMinor(second!.unit_price_minor * 3)}`, {
        selector: '.cart-summary *',
      }),
    ).toBeTruthy();

    fireEvent.click(within(rowOf(second!.id)).getByRole('button', { name: /Delete/ }));
    await confirmIn(`Remove "${second!.title}" from the cart?`, 'Remove');
    await waitFor(() => expect(rowOf(second!.id)).toBeNull(), { timeout: 10_000 });
    expect((await cartOf(seller.api_token)).items.map((l) => l.id)).toEqual([first!.id]);
    // Nothing selected is left, so there is nothing to check out.
    expect(screen.getByRole('button', { name: 'Checkout' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Clear cart' }));
    await confirmIn('Clear the cart?', 'Clear');
    expect(
      await screen.findByText('Your cart is empty', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /Go to private finished library/ })).toBeTruthy();
  }, 60_000);
});
