import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  BatchResult,
  FinishedProductDetail,
  FinishedProductPage,
  ParentProductPage,
} from '@app/shared';
import { apiPost, renderApp, setupPageTests, signInAsNewSeller } from '../../../test/pages.tsx';

setupPageTests();

type Seller = Awaited<ReturnType<typeof signInAsNewSeller>>;

/** Finished products for `seller`, made from the first `count` parent products. */
async function joinParents(seller: Seller, count: number): Promise<FinishedProductDetail[]> {
  const parents = await apiPost<ParentProductPage>(
    '/goods-library/index',
    { size: count },
    seller.api_token,
  );
  const { results } = await apiPost<BatchResult>(
    '/goods-library/join',
    { ids: parents.list.map((p) => p.id) },
    seller.api_token,
  );
  return Promise.all(
    results.map((r) =>
      apiPost<FinishedProductDetail>('/goods/goods-show', { id: r.productId }, seller.api_token),
    ),
  );
}

/** Editable titles (own library) wrap the link; read-only ones are the link. */
const TITLE_LINKS = '.library-grid .library-card__title a, .library-grid a.library-card__title';

/**
 * The title links of the grid; plain selectors because role queries over a grid of cards take
 * seconds per call in jsdom.
 */
function cardTitles(): string[] {
  return [...document.querySelectorAll(TITLE_LINKS)].map((a) => a.textContent ?? '');
}

function cardOf(title: string): HTMLElement {
  const link = [...document.querySelectorAll(TITLE_LINKS)].find((a) => a.textContent === title);
  return link!.closest('.library-card') as HTMLElement;
}

describe('private finished library /goods/collect (real server)', () => {
  it('lists, searches and batch-deletes, refusing the product in a cart', async () => {
    const seller = await signInAsNewSeller();
    const [kept, gone] = await joinParents(seller, 2);
    await apiPost('/goods/batch-add-cart', { ids: [kept!.id], quantity: 1 }, seller.api_token);

    renderApp('/goods/collect');
    await screen.findByText('2 products', undefined, { timeout: 15_000 });
    await waitFor(() => expect(cardTitles()).toHaveLength(2));
    // Tabs carry the counts of get-goods-type-num.
    expect(await screen.findByText('All (2)')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search title or SKU'), {
      target: { value: gone!.skus[0]!.skuCode },
    });
    fireEvent.click(document.querySelector('.library-filters button[type="submit"]')!);
    await waitFor(() => expect(cardTitles()).toEqual([gone!.title]), { timeout: 10_000 });
    fireEvent.click(screen.getByText('Reset'));
    await waitFor(() => expect(cardTitles()).toHaveLength(2), { timeout: 10_000 });

    for (const product of [kept!, gone!]) {
      fireEvent.click(cardOf(product.title).querySelector('input[type="checkbox"]')!);
    }
    expect(await screen.findByText('2 selected')).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('toolbar')).getByRole('button', { name: /^delete Delete$/ }),
    );
    const [confirm] = await screen.findAllByText('Delete the 2 selected products?');
    fireEvent.click(
      within(confirm!.closest('.ant-modal') as HTMLElement).getByRole('button', {
        name: 'Delete',
      }),
    );
    const [summary] = await screen.findAllByText('Deleted: 1, in use: 1', undefined, {
      timeout: 10_000,
    });
    expect(
      within(summary!.closest('.ant-modal') as HTMLElement).getByText(
        `${kept!.title}: in use, not deleted`,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(cardTitles()).toEqual([kept!.title]), { timeout: 10_000 });
  });
});

describe('edit /goods/productHouseEdit (real server)', () => {
  it('saves a new title and SKU price, and puts a 422 on the SKU field', async () => {
    const seller = await signInAsNewSeller();
    const [product] = await joinParents(seller, 1);
    expect(product!.skus.length).toBeGreaterThan(1);

    renderApp(`/goods/productHouseEdit?id=${product!.id}`);
    const title = await screen.findByDisplayValue(product!.title, undefined, { timeout: 15_000 });

    // A code repeated within the product passes the form's own checks; the server refuses it.
    fireEvent.change(screen.getByLabelText('SKU code, row 2'), {
      target: { value: product!.skus[0]!.skuCode },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Repeated in this product', undefined, { timeout: 10_000 }),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('SKU code, row 2'), {
      target: { value: product!.skus[1]!.skuCode },
    });
    fireEvent.change(title, { target: { value: 'Renamed in the page test' } });
    const price = screen.getByLabelText('Price, row 1');
    fireEvent.change(price, { target: { value: '88.8' } });
    fireEvent.blur(price);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(window.location.pathname).toBe('/goods/collect'), {
      timeout: 10_000,
    });
    const saved = await apiPost<FinishedProductDetail>(
      '/goods/goods-show',
      { id: product!.id },
      seller.api_token,
    );
    expect(saved.title).toBe('Renamed in the page test');
    expect(saved.skus[0]!.priceMinor).toBe(8880);
    await waitFor(() => expect(cardTitles()).toContain('Renamed in the page test'), {
      timeout: 10_000,
    });
  }, 60_000); // a whole edit form against the real server: past 30 s when the machine is busy
});

describe('shared library /goods/productHouseG (real server)', () => {
  it("adds another seller's shared product to the private finished library", async () => {
    const sharer = await signInAsNewSeller('Sharer');
    const [shared] = await joinParents(sharer, 1);
    await apiPost('/goods/join-platfrom', { ids: [shared!.id], shared: true }, sharer.api_token);
    const uniqueTitle = `Shared ${Date.now().toString(36)}`;
    await apiPost(
      '/goods/goods-title-save',
      { id: shared!.id, title: uniqueTitle },
      sharer.api_token,
    );

    const me = await signInAsNewSeller('Copier');
    renderApp(`/goods/productHouseG?keyword=${encodeURIComponent(uniqueTitle)}`);
    await waitFor(() => expect(cardTitles()).toEqual([uniqueTitle]), { timeout: 15_000 });
    fireEvent.click(
      within(cardOf(uniqueTitle)).getByRole('button', { name: 'Add to private finished library' }),
    );
    expect(
      await screen.findByText('Added to your private finished library', undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    const mine = await apiPost<FinishedProductPage>(
      '/goods/goods-index',
      { keyword: uniqueTitle },
      me.api_token,
    );
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]!.id).not.toBe(shared!.id);
  });
});

describe('favourites /goods/MyPorductHowse (real server)', () => {
  it('lists starred parent products and unstars one', async () => {
    const seller = await signInAsNewSeller();
    const parents = await apiPost<ParentProductPage>(
      '/goods-library/index',
      { size: 2 },
      seller.api_token,
    );
    for (const parent of parents.list) {
      await apiPost('/goods-library/coll', { id: parent.id, coll: true }, seller.api_token);
    }

    renderApp('/goods/MyPorductHowse');
    await screen.findByText('2 products', undefined, { timeout: 15_000 });
    const first = document.querySelector('.library-grid .library-card') as HTMLElement;
    const star = within(first).getByRole('button', { name: 'Remove from favourites' });
    fireEvent.click(star);
    await screen.findByText('1 products', undefined, { timeout: 10_000 });
    await waitFor(() =>
      expect(document.querySelectorAll('.library-grid .library-card')).toHaveLength(1),
    );
  });
});

describe('related goods /goods/relativeGoods (real server)', () => {
  it('lists relation pairs and deletes one after confirmation', async () => {
    const seller = await signInAsNewSeller();
    const [a, b, c] = await joinParents(seller, 3);
    await apiPost('/goods/relative', { id: a!.id, related_ids: [b!.id, c!.id] }, seller.api_token);

    renderApp('/goods/relativeGoods');
    await waitFor(() => expect(document.querySelectorAll('.ant-table-row')).toHaveLength(2), {
      timeout: 15_000,
    });
    const row = [...document.querySelectorAll<HTMLElement>('.ant-table-row')].find((r) =>
      r.textContent?.includes(c!.title),
    )!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const [confirm] = await screen.findAllByText('Delete this relation?');
    fireEvent.click(
      within(confirm!.closest('.ant-modal') as HTMLElement).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(document.querySelectorAll('.ant-table-row')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(document.querySelector('.ant-table-row')!.textContent).toContain(b!.title);
  });
});
