import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AmazonStoreGroup, CreateListingsResult } from '@app/shared';
import {
  apiGet,
  apiPost,
  renderApp,
  setupPageTests,
  signInAsDemo,
  signInAsNewSeller,
} from '../../../test/pages.tsx';

setupPageTests();

/** A draft listing of a copy of the demo seller's first product, in its sandbox Amazon store. */
async function demoDraft(token: string): Promise<number> {
  const stores = await apiGet<AmazonStoreGroup[]>('/market/amazon', token);
  const store = stores.data.flatMap((g) => g.stores)[0]!;
  const goods = await apiPost<{ list: { id: number }[] }>(
    '/goods/goods-index',
    { page: 1, size: 1 },
    token,
  );
  // A copy of its own, so other tests' products are not tied to a listing.
  const copy = await apiPost<{ id: number }>('/goods/duplicate', { id: goods.list[0]!.id }, token);
  const { ids } = await apiPost<CreateListingsResult>(
    '/publish/create',
    { market_id: store.id, goods_ids: [copy.id] },
    token,
  );
  return ids[0]!;
}

describe('Amazon listings (real server)', () => {
  it('/goods/collectyun: a new seller sees empty tabs and the way to start', async () => {
    await signInAsNewSeller();
    renderApp('/goods/collectyun');
    expect(await screen.findByText(/No Amazon listings yet/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'All (0)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Failed (0)' })).toBeTruthy();
  }, 60_000);

  it('editor: marks a forbidden word as the title and the custom description are typed, keeps publishing off while the check has errors; another seller gets not found', async () => {
    const user = await signInAsDemo();
    const id = await demoDraft(user.api_token);
    renderApp(`/goods/collectyunEdit?id=${id}&step=3`);
    const title = await screen.findByLabelText('Title', { selector: 'input' }, { timeout: 30_000 });
    fireEvent.change(title, { target: { value: 'Nike style cotton tee' } });
    const marks = await screen.findByTestId('marks-title', {}, { timeout: 10_000 });
    expect([...marks.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Nike']);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    const custom = screen.getByLabelText('Custom description', { selector: 'textarea' });
    fireEvent.change(custom, { target: { value: 'Nike inspired' } });
    const customMarks = await screen.findByTestId('marks-custom_describe', {}, { timeout: 10_000 });
    expect([...customMarks.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Nike']);
    fireEvent.change(custom, { target: { value: '' } });
    // The product's images arrive as the listing's, the main one first.
    expect(screen.getAllByTestId('listing-image').length).toBeGreaterThan(0);

    fireEvent.change(title, { target: { value: 'Plain cotton tee' } });
    await waitFor(() => expect(screen.queryByTestId('marks-title')).toBeNull(), {
      timeout: 10_000,
    });
    fireEvent.click(screen.getByText('Save', { selector: 'button span' }));
    expect(await screen.findByText('Saved', {}, { timeout: 30_000 })).toBeTruthy();

    // No brand and no product type yet: the report says so and publishing waits.
    const panel = screen.getByTestId('compliance-panel');
    expect(await within(panel).findByText(/\d+ errors/)).toBeTruthy();
    expect(await screen.findByTestId('publish-blocked')).toBeTruthy();
    expect(
      screen.getByText('Publish', { selector: 'button span' }).closest('button')!.disabled,
    ).toBe(true);

    // Another seller opening the same link finds nothing.
    cleanup();
    await signInAsNewSeller();
    renderApp(`/goods/collectyunEdit?id=${id}`);
    expect(
      await screen.findByText(
        'This listing does not exist or was deleted',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
  }, 150_000);
});
