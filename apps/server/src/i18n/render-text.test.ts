import { describe, expect, it } from 'vitest';
import { renderText } from './render-text.ts';

describe('document texts', () => {
  it('interpolates and picks plural forms per language', () => {
    expect(renderText('en', 'pdf.more_items', { count: 1 })).toBe('+ 1 more item');
    expect(renderText('en', 'pdf.more_items', { count: 3 })).toBe('+ 3 more items');
    expect(renderText('zh-CN', 'pdf.more_items', { count: 3 })).toBe('另有 3 个商品');
    expect(renderText('zh-CN', 'compliance.forbidden_word', { word: '<b>' })).toBe('“<b>”是违禁词');
  });
});
