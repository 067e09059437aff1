import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { addTranslations, setLanguage } from '../../../shared/i18n/i18n.ts';
import { consoleTextsEn } from '../../../app/layout/console-texts-en.ts';
import { consoleTextsZhCN } from '../../../app/layout/console-texts-zh-cn.ts';
import { MemoryRouter } from 'react-router';
import { IssueList } from './status-tag.tsx';

addTranslations({ 'zh-CN': consoleTextsZhCN, en: consoleTextsEn });
afterAll(() => setLanguage('zh-CN'));

const denied = {
  code: 'ACCESS_DENIED',
  message: 'Access denied for location field. Required access: `read_locations` access scope.',
  severity: 'error' as const,
  fields: [],
};

describe('IssueList', () => {
  it('tells the seller to authorize the store again when the marketplace denied a scope', async () => {
    await setLanguage('zh-CN');
    const { unmount } = render(<IssueList issues={[denied]} />);
    expect(screen.getByText(/请在“店铺列表”中重新授权该店铺/)).toBeTruthy();
    expect(screen.getByText(denied.message)).toBeTruthy();
    unmount();
    await setLanguage('en');
    render(<IssueList issues={[denied]} />);
    expect(screen.getByText(/authorize the store again in the Store list/)).toBeTruthy();
  });

  it('shows any other issue as the marketplace wrote it, with its fields', () => {
    render(
      <IssueList
        issues={[
          { code: '90220', message: 'Missing brand', severity: 'warning', fields: ['brand'] },
        ]}
      />,
    );
    expect(screen.getByText('Missing brand')).toBeTruthy();
    expect(screen.getByText('(brand)')).toBeTruthy();
    expect(screen.queryByText(/authorize the store again/)).toBeNull();
  });

  it('offers the three ways out of a missing UPC, with the help article', async () => {
    await setLanguage('en');
    const missing = {
      code: 'missing_product_id',
      message: 'No UPC/EAN and no free UPC code left.',
      severity: 'error' as const,
      fields: ['items.0.product_id'],
    };
    render(
      <MemoryRouter>
        <IssueList issues={[missing]} brand="Acme Co" />
      </MemoryRouter>,
    );
    const href = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Import codes into the UPC pool')).toBe('/goods/upc');
    expect(href('Mark the brand GTIN-exempt')).toBe('/market/index?tab=exempt&add=Acme+Co');
    expect(href(/UPC \/ EAN codes for Amazon listings/)).toBe('/help?article=upc-codes');
    expect(screen.getByText(/Enter the brand’s own codes/)).toBeTruthy();
  });
});
