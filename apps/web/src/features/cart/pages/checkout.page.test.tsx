import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMinor, type FinanceInfo, type Settlement } from '@app/shared';
import { cartOf, seedCart } from '../../../test/cart-seed.ts';
import {
  rechargeThroughSimulator,
  setPayPassword,
  TEST_PAY_PASSWORD,
} from '../../../test/money.ts';
import {
  apiGet,
  apiPost,
  renderApp,
  setupPageTests,
  signInAsNewSeller,
} from '../../../test/pages.tsx';

setupPageTests();

describe('checkout /goods/checkout (real server)', () => {
  it('adds an address, prices shipping and pays the order from the balance', async () => {
    const seller = await signInAsNewSeller();
    await setPayPassword(seller.api_token, seller.password);
    await rechargeThroughSimulator(seller.api_token, 50_000);
    await seedCart(seller.api_token, 2);
    const lines = (await cartOf(seller.api_token)).items;

    renderApp('/goods/checkout');
    expect(
      await screen.findByText('No addresses yet; add one first.', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Shipping is calculated once an address is chosen')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Submit order and pay' }).hasAttribute('disabled'),
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /New address/ }));
    const dialog = (await screen.findByText('New shipping address')).closest<HTMLElement>(
      '.ant-modal',
    )!;
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill('Recipient', 'Jane Doe');
    fill('Phone', '+1 415 555 0100');
    fill('City', 'San Francisco');
    fill('Street address', '1 Market St');
    fill('Postcode', '94105');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    // The new (default) address prices the shipping to the United States by weight.
    expect(await screen.findByText('Jane Doe', undefined, { timeout: 10_000 })).toBeTruthy();
    const settlement = await apiPost<Settlement>('/shoppingcart/settlement', {}, seller.api_token);
    expect(settlement.items.map((l) => l.id).sort()).toEqual(lines.map((l) => l.id).sort());
    expect(settlement.shipping_minor).toBeGreaterThan(0);
    expect(settlement.total_minor).toBe(settlement.goods_minor + settlement.shipping_minor);
    expect(
      await screen.findByText(`${settlement.weight_g} g to United States`, undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    const side = document.querySelector<HTMLElement>('.checkout-side')!;
    expect(within(side).getByText(`¥${formatMinor(settlement.shipping_minor)}`)).toBeTruthy();
    expect(within(side).getByText(`¥${formatMinor(settlement.total_minor)}`)).toBeTruthy();
    expect(within(side).getByText('Available ¥500.00')).toBeTruthy();

    // The saved address refetches the settlement, and the button waits for it: a click on the
    // disabled button would do nothing.
    const submit = () => screen.getByRole('button', { name: 'Submit order and pay' });
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false), { timeout: 10_000 });
    fireEvent.click(submit());
    const password = await screen.findByLabelText('Pay password', undefined, { timeout: 10_000 });
    fireEvent.change(password, { target: { value: TEST_PAY_PASSWORD } });
    fireEvent.click(
      within(password.closest<HTMLElement>('.ant-modal')!).getByRole('button', { name: 'Pay now' }),
    );

    expect(
      await screen.findByText(
        'Payment successful',
        { selector: '.ant-result-title' },
        {
          timeout: 15_000,
        },
      ),
    ).toBeTruthy();
    const { data: info } = await apiGet<FinanceInfo>('/finance/info', seller.api_token);
    expect(info.balance_minor).toBe(50_000 - settlement.total_minor);
    expect((await cartOf(seller.api_token)).items).toEqual([]);
  }, 90_000);
});
