import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiGet, renderApp, setupPageTests, signInAsDemo } from '../../../test/pages.tsx';

setupPageTests();

/**
 * The product title links of the grid. Plain selectors: role queries over a grid of cards
 * (each with buttons and a checkbox) take seconds per call in jsdom.
 */
function titleLinks(): HTMLAnchorElement[] {
  return [...document.querySelectorAll<HTMLAnchorElement>('.library-grid a.library-card__title')];
}

describe('parent library /goods/productHouse (real server)', () => {
  it('lists products, narrows by keyword and opens a product with its SKUs', async () => {
    await signInAsDemo();
    renderApp('/goods/productHouse');
    expect(await screen.findByText(/^\d+ products$/, undefined, { timeout: 15_000 })).toBeTruthy();
    const before = titleLinks();
    expect(before.length).toBeGreaterThan(1);

    const keyword = before[0]!.getAttribute('aria-label')!;
    fireEvent.change(screen.getByLabelText('Search product titles'), {
      target: { value: keyword },
    });
    fireEvent.click(document.querySelector('.library-filters button[type="submit"]')!);
    await waitFor(() => expect(window.location.search).toContain('keyword='), { timeout: 5_000 });
    await waitFor(
      () => {
        const links = titleLinks();
        expect(links.length).toBeLessThan(before.length);
        expect(links.some((link) => link.getAttribute('aria-label') === keyword)).toBe(true);
      },
      { timeout: 10_000 },
    );

    fireEvent.click(titleLinks().find((link) => link.getAttribute('aria-label') === keyword)!);
    expect(await screen.findByRole('heading', { name: keyword }, { timeout: 15_000 })).toBeTruthy();
    const skus = await screen.findByRole('columnheader', { name: 'Colour' });
    const table = skus.closest('table')!;
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
  });

  it('stars a product optimistically and adds the selection to the private finished library', async () => {
    const user = await signInAsDemo();
    renderApp('/goods/productHouse');
    await screen.findByText(/^\d+ products$/, undefined, { timeout: 15_000 });
    const card = titleLinks()[1]!.closest('.library-card') as HTMLElement;
    const star = () => card.querySelector<HTMLButtonElement>('button[aria-pressed]')!;
    const wasOn = star().getAttribute('aria-pressed') === 'true';
    fireEvent.click(star());
    await waitFor(() => expect(star().getAttribute('aria-pressed')).toBe(String(!wasOn)));
    await waitFor(
      async () => {
        const page = await apiGet<{ list: { id: number }[] }>(
          '/goods-library/get-coll-list?size=100',
          user.api_token,
        );
        const id = Number(new URL(titleLinks()[1]!.href).searchParams.get('id'));
        expect(page.data.list.some((item) => item.id === id)).toBe(!wasOn);
      },
      { timeout: 10_000 },
    );

    fireEvent.click(card.querySelector('input[type="checkbox"]')!);
    expect(await screen.findByText('1 selected')).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('toolbar')).getByRole('button', {
        name: /Add selected to private finished library/,
      }),
    );
    expect(
      await screen.findByText(
        '1 added to your private finished library.',
        { exact: false },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });
});
