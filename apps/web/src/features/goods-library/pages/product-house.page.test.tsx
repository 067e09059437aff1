import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setupPageTests, signInAsDemo } from '../../../test/pages.tsx';

setupPageTests();

describe('parent library /goods/productHouse (real server)', () => {
  it('lists products, narrows by keyword and opens a product with its SKUs', async () => {
    await signInAsDemo();
    renderApp('/goods/productHouse');
    expect(await screen.findByText(/^\d+ products$/, undefined, { timeout: 15_000 })).toBeTruthy();
    const grid = document.querySelector('.library-grid')!;
    const before = within(grid as HTMLElement).getAllByRole('link');
    expect(before.length).toBeGreaterThan(1);

    const keyword = before[0]!.getAttribute('aria-label')!;
    fireEvent.change(screen.getByLabelText('Search product titles'), {
      target: { value: keyword },
    });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(window.location.search).toContain('keyword='), { timeout: 5_000 });
    await waitFor(
      () => {
        const links = within(document.querySelector('.library-grid') as HTMLElement).getAllByRole(
          'link',
        );
        expect(links.length).toBeLessThan(before.length);
        expect(links.some((link) => link.getAttribute('aria-label') === keyword)).toBe(true);
      },
      { timeout: 10_000 },
    );

    fireEvent.click(screen.getByRole('link', { name: keyword }));
    expect(await screen.findByRole('heading', { name: keyword }, { timeout: 15_000 })).toBeTruthy();
    const skus = await screen.findByRole('columnheader', { name: 'Colour' });
    const table = skus.closest('table')!;
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
  });
});
