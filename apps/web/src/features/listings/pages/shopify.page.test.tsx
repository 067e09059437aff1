import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreateListingsResult, Listing, ShopifyStoreList } from '@app/shared';
import {
  apiGet,
  apiPost,
  renderApp,
  setupPageTests,
  signInAsDemo,
  signInAsNewSeller,
} from '../../../test/pages.tsx';

setupPageTests();

describe('Shopify listings (real server)', () => {
  it('/goods/shopifyyun: a new seller sees empty tabs and the way to start', async () => {
    await signInAsNewSeller();
    renderApp('/goods/shopifyyun');
    expect(
      await screen.findByText(/No Shopify listings yet/, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'All (0)' })).toBeTruthy();
  }, 60_000);

  it('opens a draft in the editor drawer and saves the Shopify step', async () => {
    const user = await signInAsDemo();
    const token = user.api_token;
    const stores = await apiGet<ShopifyStoreList>('/shopify/publish/get-market', token);
    const goods = await apiPost<{ list: { id: number }[] }>(
      '/goods/goods-index',
      { page: 1, size: 1 },
      token,
    );
    const copy = await apiPost<{ id: number }>(
      '/goods/duplicate',
      { id: goods.list[0]!.id },
      token,
    );
    const { ids } = await apiPost<CreateListingsResult>(
      '/shopify/publish/create',
      { market_id: stores.data.list[0]!.id, goods_ids: [copy.id] },
      token,
    );
    renderApp(`/goods/shopifyyun?edit=${ids[0]}`);
    const vendor = await screen.findByLabelText(
      'Vendor',
      { selector: 'input' },
      { timeout: 30_000 },
    );
    fireEvent.change(vendor, { target: { value: 'Page Test Studio' } });
    fireEvent.change(screen.getByLabelText('Tags', { selector: 'input' }), {
      target: { value: 'one, two' },
    });
    fireEvent.click(screen.getByText('Save', { selector: 'button span' }));
    expect(await screen.findByText('Saved', {}, { timeout: 30_000 })).toBeTruthy();
    await waitFor(
      async () => {
        const shown = await apiGet<Listing>(`/shopify/publish/show?id=${ids[0]}`, token);
        expect(shown.data).toMatchObject({ brand: 'Page Test Studio', keywords: 'one, two' });
      },
      { timeout: 10_000 },
    );
  }, 150_000);
});
