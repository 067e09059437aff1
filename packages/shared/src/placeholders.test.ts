import { describe, expect, it } from 'vitest';
import { renderTemplate } from './placeholders.ts';

describe('renderTemplate', () => {
  it('fills known placeholders, ignoring the case of their names', () => {
    expect(
      renderTemplate('{Brand} {title} in {color}, size {SIZE} ({sku})', {
        brand: 'Acme',
        title: 'Tee',
        color: 'Red',
        size: 'M',
        sku: 'FP1-RED-M',
      }),
    ).toEqual({ text: 'Acme Tee in Red, size M (FP1-RED-M)', unknown: [], missing: [] });
  });

  it('leaves unknown placeholders visible and reports them and the missing values', () => {
    expect(renderTemplate('{title} {flavour} {material}{flavour}', { title: 'Tee' })).toEqual({
      text: 'Tee {flavour} {flavour}',
      unknown: ['flavour'],
      missing: ['material'],
    });
  });

  it('leaves braces that are not placeholders alone', () => {
    expect(renderTemplate('{ title } {} {1x}', { title: 'Tee' }).text).toBe('{ title } {} {1x}');
  });
});
