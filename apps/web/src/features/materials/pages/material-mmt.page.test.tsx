/// <reference types="node" />
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FetchXhr } from '../../../test/fetch-xhr.ts';
import { renderApp, setupPageTests, signInAsNewSeller } from '../../../test/pages.tsx';

setupPageTests();

/** A 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQqzjxH4QZYAwAT0AJddjuTxMAAAAASUVORK5CYII=',
  'base64',
);

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FetchXhr);
});

const modalOf = (text: HTMLElement) => text.closest<HTMLElement>('.ant-modal')!;
const card = (name: string) => screen.queryByRole('listitem', { name });

describe('materials /goods/materialMmt (real server)', () => {
  it('uploads two files into a new folder, moves one out and deletes the other', async () => {
    await signInAsNewSeller();
    renderApp('/goods/materialMmt');
    expect(await screen.findByText('All materials', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText(/of 1\.0 GB used/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'Logos' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(window.location.search).toMatch(/dir_id=\d+/), { timeout: 10_000 });
    expect(
      await screen.findByText('Uploading into: Logos', undefined, { timeout: 10_000 }),
    ).toBeTruthy();

    const input = document.querySelector<HTMLInputElement>('.materials-upload input[type=file]')!;
    const files = [
      new File([PNG], 'first.png', { type: 'image/png' }),
      new File(['not an image'], 'broken.png', { type: 'image/png' }),
      new File([PNG], 'second.png', { type: 'image/png' }),
    ];
    fireEvent.change(input, { target: { files } });
    await waitFor(() => expect(card('first.png') && card('second.png')).toBeTruthy(), {
      timeout: 15_000,
    });
    expect(
      await screen.findByText('broken.png failed: Unsupported file type', undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select first.png' }));
    fireEvent.click(screen.getByRole('button', { name: /Move to/ }));
    const moveDialog = modalOf(await screen.findByText('Move 1 material(s) to'));
    fireEvent.click(within(moveDialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(card('first.png')).toBeNull(), { timeout: 10_000 });
    expect(card('second.png')).toBeTruthy();

    fireEvent.click(within(card('second.png')!).getByRole('button', { name: 'Delete' }));
    const confirm = modalOf((await screen.findAllByText('Delete "second.png" for good?'))[0]!);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'No materials here yet. Drag images above to upload them.',
        undefined,
        {
          timeout: 10_000,
        },
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByText('Not in a folder'));
    await waitFor(() => expect(card('first.png')).toBeTruthy(), { timeout: 10_000 });
  }, 90_000);
});
