import { describe, expect, it } from 'vitest';
import { DESK_STATUS_NAMES, LANGUAGES, ORDER_STATUSES } from '@app/shared';
import { DOCUMENT_CATALOGUES, renderText } from './render-text.ts';

describe('document texts', () => {
  it.each(LANGUAGES)('%s names every desk status of the shared list', (lang) => {
    const names = DOCUMENT_CATALOGUES[lang].desk_status ?? {};
    expect(DESK_STATUS_NAMES.filter((status) => !names[status]?.trim())).toEqual([]);
  });

  it.each(LANGUAGES)('%s names every marketplace order status', (lang) => {
    const names = DOCUMENT_CATALOGUES[lang].order_status ?? {};
    expect(ORDER_STATUSES.filter((status) => !names[status]?.trim())).toEqual([]);
  });

  it('interpolates and picks plural forms per language', () => {
    expect(renderText('en', 'pdf.more_items', { count: 1 })).toBe('+ 1 more item');
    expect(renderText('en', 'pdf.more_items', { count: 3 })).toBe('+ 3 more items');
    expect(renderText('zh-CN', 'pdf.more_items', { count: 3 })).toBe('另有 3 个商品');
    expect(renderText('zh-CN', 'compliance.forbidden_word', { word: '<b>' })).toBe('“<b>”是违禁词');
  });
});
