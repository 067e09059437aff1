import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@app/shared';
import { addTranslations, setLanguage } from '../../../shared/i18n/i18n.ts';
import { consoleTextsEn } from '../../../app/layout/console-texts-en.ts';
import { consoleTextsZhCN } from '../../../app/layout/console-texts-zh-cn.ts';
import { AuditTable } from './audit-table.tsx';

addTranslations({ 'zh-CN': consoleTextsZhCN, en: consoleTextsEn });
afterAll(() => setLanguage('zh-CN'));

const entry = (id: number, action: AuditEntry['action'], changes: AuditEntry['changes']) =>
  ({
    id,
    user_id: 1,
    user_name: 'Boss',
    object: 'listing',
    object_id: '7',
    action,
    changes,
    at: 1_795_000_000,
  }) as AuditEntry;

const entries = [
  entry(3, 'update', { searchText: { before: 'a', after: 'b' } }),
  entry(2, 'update', {
    title: { before: 'Old', after: 'New' },
    sellerId: { before: 1, after: 2 },
    bulletPoints: { before: [], after: ['Soft'] },
  }),
  entry(1, 'create', {
    id: { before: null, after: 7 },
    sellerId: { before: null, after: 1 },
    searchText: { before: null, after: 'tee' },
    title: { before: null, after: 'Tee' },
    brand: { before: null, after: '' },
    priceMaxMinor: { before: null, after: 645 },
  }),
];

const rows = () => screen.getAllByRole('row').slice(1);

describe('AuditTable', () => {
  it('names only the fields a user recognises, in the reader’s language, and none for a creation', async () => {
    await setLanguage('en');
    render(<AuditTable entries={entries} loading={false} pagination={false as never} />);
    const [internal, changed, created] = rows();
    expect(internal!.textContent).toMatch('Only internal details changed');
    expect(changed!.textContent).toMatch('Title, Bullet points');
    expect(changed!.textContent).not.toMatch('sellerId');
    expect(created!.textContent).not.toMatch(/searchText|sellerId|Title/);

    // The creation's details list what it was created with, by name, and nothing internal.
    fireEvent.click(within(created!).getByRole('button'));
    const details = await screen.findByText('Tee');
    const table = details.closest('table')!;
    expect(table.textContent).toMatch('Title');
    expect(table.textContent).toMatch('Highest price6.45');
    expect(table.textContent).not.toMatch(/searchText|sellerId|tee|Brand|Before/);
  }, 30_000);

  it('speaks zh-CN', async () => {
    await setLanguage('zh-CN');
    render(<AuditTable entries={entries} loading={false} pagination={false as never} />);
    expect(rows()[1]!.textContent).toMatch('标题、五点描述');
    expect(rows()[0]!.textContent).toMatch('仅系统内部信息变化');
  }, 30_000);
});
