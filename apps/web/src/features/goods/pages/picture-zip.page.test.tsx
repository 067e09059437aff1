import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BatchResult, ParentProductPage } from '@app/shared';
import { apiPost, renderApp, setupPageTests, signInAsNewSeller } from '../../../test/pages.tsx';

setupPageTests();

describe('picture zip /goods/pictureZip (real server)', () => {
  it('queues the zip of a chosen product at two sizes and follows its job', async () => {
    const seller = await signInAsNewSeller();
    const parents = await apiPost<ParentProductPage>(
      '/goods-library/index',
      { size: 1 },
      seller.api_token,
    );
    await apiPost<BatchResult>(
      '/goods-library/join',
      { ids: parents.list.map((p) => p.id) },
      seller.api_token,
    );

    renderApp('/goods/pictureZip');
    const picker = await screen.findByLabelText('Products', undefined, { timeout: 15_000 });
    fireEvent.mouseDown(picker);
    const option = await screen.findByText(parents.list[0]!.title, {
      selector: '.goods-pick__title',
    });
    fireEvent.click(option);
    fireEvent.click(screen.getByLabelText('1000 px'));
    fireEvent.click(screen.getByRole('button', { name: /Build the zip/ }));

    // The page-test server runs no jobs: the zip is queued and its progress bar follows it
    // (the job itself is tested in the server suite).
    const status = await screen.findByRole('status', undefined, { timeout: 15_000 });
    expect(status.textContent).toContain('Queued');
  });

  it('asks for products before sending', async () => {
    await signInAsNewSeller();
    renderApp('/goods/pictureZip');
    fireEvent.click(
      await screen.findByRole('button', { name: /Build the zip/ }, { timeout: 15_000 }),
    );
    await waitFor(() => expect(screen.getByText('Choose products')).toBeTruthy());
  });
});
