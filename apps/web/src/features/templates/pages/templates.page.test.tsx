import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setupPageTests, signInAsNewSeller } from '../../../test/pages.tsx';

setupPageTests();

/** The newest dialog showing `title` (a button or a confirmation may show the same text). */
const dialogTitled = async (title: string) =>
  (await screen.findAllByText(title)).at(-1)!.closest<HTMLElement>('.ant-modal')!;

describe('templates (real server)', () => {
  it('/goods/template: writes a template with placeholders, previews it, saves and deletes it', async () => {
    await signInAsNewSeller();
    renderApp('/goods/template');
    expect(
      await screen.findByText(
        'No templates yet. Click "New template" to add one',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /New template/ }));
    const dialog = await dialogTitled('New: Title templates');
    fireEvent.change(within(dialog).getByLabelText('Template name'), {
      target: { value: 'Tee title' },
    });
    fireEvent.change(within(dialog).getByLabelText('Content'), {
      target: { value: '{brand} {flavour} ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '{title} Title' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('template-preview').textContent).toBe(
        'Acme {flavour} Classic cotton T-shirt',
      ),
    );
    expect(within(dialog).getByText('Unknown placeholders: {flavour}')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template saved')).toBeTruthy();
    const row = (await screen.findByText('{brand} {flavour} {title}')).closest('tr')!;
    expect(within(row).getByText('Tee title')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await dialogTitled('Delete the template "Tee title"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 templates deleted')).toBeTruthy();
    expect(
      await screen.findByText('No templates yet. Click "New template" to add one'),
    ).toBeTruthy();
  }, 60_000);

  it('/goods/priceTemplate: shows the live price breakdown and saves the template', async () => {
    await signInAsNewSeller();
    renderApp('/goods/priceTemplate');
    fireEvent.click(
      await screen.findByRole('button', { name: /New pricing template/ }, { timeout: 15_000 }),
    );
    const dialog = await dialogTitled('New pricing template');

    // 50 CNY × 1.3 ÷ 0.85 = 76.4706 CNY; ÷ 7.12 = 10.7403 USD; up to .99.
    const breakdown = await within(dialog).findByTestId('price-breakdown', {}, { timeout: 10_000 });
    expect(within(breakdown).getByText('76.4706 CNY')).toBeTruthy();
    expect(within(breakdown).getByText('10.7403 USD')).toBeTruthy();
    expect(within(breakdown).getByText('10.99 USD')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Shipping (CNY)'), { target: { value: '10' } });
    // (50 + 10) × 1.3 ÷ 0.85 = 91.7647 CNY.
    await waitFor(() => expect(within(dialog).getByText('91.7647 CNY')).toBeTruthy(), {
      timeout: 10_000,
    });

    fireEvent.change(within(dialog).getByLabelText('Template name'), {
      target: { value: 'US standard' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pricing template saved')).toBeTruthy();
    const row = (await screen.findByText('US standard')).closest('tr')!;
    expect(within(row).getByText('10.00')).toBeTruthy();
    expect(within(row).getByText('30.00%')).toBeTruthy();
    expect(within(row).getByText('Up to .99')).toBeTruthy();
  }, 60_000);

  it('/goods/template forbidden words: adds a word of its own and marks every hit in a text', async () => {
    await signInAsNewSeller();
    renderApp('/goods/template');
    fireEvent.click(
      await screen.findByRole('tab', { name: 'Forbidden words' }, { timeout: 15_000 }),
    );
    fireEvent.change(await screen.findByLabelText('Forbidden word'), {
      target: { value: 'cheapest' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Add/ }));
    expect(await screen.findByText('Word added')).toBeTruthy();
    expect(await screen.findByText('cheapest')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Text to check'), {
      target: { value: 'Nike tee, the cheapest. 最好的' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('3 forbidden word hits: Nike, cheapest, 最')).toBeTruthy();
    const marked = [...screen.getByTestId('forbid-highlight').querySelectorAll('mark')];
    expect(marked.map((m) => m.textContent)).toEqual(['Nike', 'cheapest', '最']);
  }, 60_000);
});
