import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setupPageTests, signInAsNewSeller } from '../../../test/pages.tsx';
import { useDesignStore } from '../document-store.ts';

setupPageTests();

function layerButtons(): HTMLElement[] {
  const list = screen.queryByRole('list', { name: 'Layers' });
  return list ? within(list).getAllByRole('button', { name: /^Select layer/ }) : [];
}

describe('design tool /design (real server, signed out)', () => {
  it('picks a T-shirt, adds text, keeps it across sides and colours, and undoes it', async () => {
    renderApp('/design');
    expect(
      await screen.findByRole('heading', { name: 'Design tool' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'T-shirts' }, { timeout: 15_000 }),
    ).toBeTruthy();
    const shirt = (
      await screen.findAllByRole('link', { name: /^Design this: .*T-Shirt/i }, { timeout: 15_000 })
    )[0]!;
    fireEvent.click(shirt);
    await waitFor(() => expect(window.location.search).toMatch(/^\?product=\d+$/));

    // The editor (with its canvas library) loads lazily; jsdom has no canvas to draw on.
    const addText = await screen.findByRole('button', { name: /Add text$/ }, { timeout: 15_000 });
    expect(screen.getByText(/No layers on this side yet/)).toBeTruthy();
    fireEvent.click(addText);
    await waitFor(() => expect(layerButtons()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Select layer Your text' })).toBeTruthy();
    expect(screen.getByText(/All good/)).toBeTruthy();

    const sides = screen.getByRole('radiogroup', { name: 'Print side' });
    fireEvent.click(within(sides).getByRole('radio', { name: 'Back' }));
    await waitFor(() => expect(layerButtons()).toHaveLength(0));
    fireEvent.click(within(sides).getByRole('radio', { name: 'Front' }));
    await waitFor(() => expect(layerButtons()).toHaveLength(1));

    const colours = screen.getByRole('radiogroup', { name: 'Colour' });
    const other = within(colours)
      .getAllByRole('radio')
      .find((radio) => !(radio as HTMLInputElement).checked);
    if (other) {
      fireEvent.click(other);
      await waitFor(() => expect(useDesignStore.getState().colour).not.toBe(''));
      expect(layerButtons()).toHaveLength(1);
    }

    fireEvent.click(screen.getByRole('button', { name: 'Undo (Ctrl+Z)' }));
    await waitFor(() => expect(layerButtons()).toHaveLength(0));
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    await waitFor(() => expect(layerButtons()).toHaveLength(1));
  });

  it('sends a signed-out visitor who opens a saved design to log in first', async () => {
    renderApp('/design?design=12345');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe(
      '/design?design=12345',
    );
  });
});

describe('design tool inside the console (real server, signed in)', () => {
  it('takes a signed-in seller from /design to /goods/design, in the console layout', async () => {
    await signInAsNewSeller();
    renderApp('/design');
    await waitFor(() => expect(window.location.pathname).toBe('/goods/design'), {
      timeout: 15_000,
    });
    expect(
      await screen.findByRole('heading', { name: 'T-shirts' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(document.querySelector('.app-shell .app-sider')).toBeTruthy();
    const shirt = (
      await screen.findAllByRole('link', { name: /^Design this: .*T-Shirt/i }, { timeout: 15_000 })
    )[0]!;
    expect(shirt.getAttribute('href')).toMatch(/^\/goods\/design\?product=\d+$/);
  });
});
