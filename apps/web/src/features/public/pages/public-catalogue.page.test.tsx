import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setupPageTests, signInAsNewSeller } from '../../../test/pages.tsx';

setupPageTests();

function gridLinks(): HTMLElement[] {
  return within(document.querySelector('.library-grid') as HTMLElement).getAllByRole('link');
}
const titleOf = (link: HTMLElement) => link.querySelector('.library-card__title')?.textContent;

describe('public catalogue /products and /productDetailMain (real server, signed out)', () => {
  it('lists products without a token, narrows by keyword and opens a product', async () => {
    renderApp('/products');
    expect(await screen.findByText(/^\d+ products$/, undefined, { timeout: 15_000 })).toBeTruthy();
    const before = gridLinks();
    expect(before.length).toBeGreaterThan(1);
    expect(screen.getAllByText(/^from ¥\d+\.\d{2}$/).length).toBe(before.length);

    const keyword = titleOf(before[0]!)!;
    fireEvent.change(screen.getByLabelText('Search product titles'), {
      target: { value: keyword },
    });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(window.location.search).toContain('keyword='), { timeout: 5_000 });
    await waitFor(
      () => {
        const links = gridLinks();
        expect(links.length).toBeLessThan(before.length);
        expect(links.some((link) => titleOf(link) === keyword)).toBe(true);
      },
      { timeout: 10_000 },
    );

    // The card's name is its text: the title, then the price.
    fireEvent.click(
      screen.getByRole('link', {
        name: new RegExp(`^${keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/productDetailMain'));
    expect(await screen.findByRole('heading', { name: keyword }, { timeout: 15_000 })).toBeTruthy();
    const skus = await screen.findByRole('columnheader', { name: 'Colour' });
    expect(within(skus.closest('table')!).getAllByRole('row').length).toBeGreaterThan(1);

    const id = new URLSearchParams(window.location.search).get('id');
    fireEvent.click(screen.getByRole('button', { name: /Add to private finished library/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe(
      `/productDetailMain?id=${id}`,
    );
  }, 90_000);

  it("adds the product to a signed-in seller's library and links to it", async () => {
    await signInAsNewSeller();
    renderApp('/productDetailMain?id=1');
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: /Add to private finished library/ },
        { timeout: 15_000 },
      ),
    );
    expect(
      await screen.findByText(/1 added to your private finished library/, undefined, {
        timeout: 20_000,
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Open private finished library' }).getAttribute('href'),
    ).toBe('/goods/collect');
    expect(window.location.pathname).toBe('/productDetailMain');
  }, 60_000);

  it('says so when the product does not exist', async () => {
    renderApp('/productDetailMain?id=999999999');
    expect(
      await screen.findByText('Product not found', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});
