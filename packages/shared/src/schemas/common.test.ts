import { describe, expect, it } from 'vitest';
import { EditCartNumInput } from './cart.ts';
import {
  CONTROL_CHARACTER_MESSAGE,
  IdInput,
  IdQuery,
  multilineText,
  PageQuery,
  text,
} from './common.ts';

const issues = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('text primitives', () => {
  it('refuse NUL and the other control characters, naming why', () => {
    for (const bad of [
      'a\u0000b',
      '\u0001',
      'x\u001b[31m',
      'del\u007f',
      'two\nlines',
      'tab\tbed',
    ]) {
      expect(issues(text().safeParse(bad))).toEqual([CONTROL_CHARACTER_MESSAGE]);
    }
    expect(text().parse('Tシャツ · 卫衣 😀 ok')).toBe('Tシャツ · 卫衣 😀 ok');
  });

  it('allow line breaks and tabs only in multi-line text', () => {
    expect(multilineText().parse('first\r\nsecond\tcolumn')).toBe('first\r\nsecond\tcolumn');
    for (const bad of ['a\u0000b', '\u0007', '\u000b', '\u007f']) {
      expect(issues(multilineText().safeParse(bad))).toEqual([CONTROL_CHARACTER_MESSAGE]);
    }
  });
});

describe('numbers', () => {
  it('read query integers from plain decimal text only', () => {
    expect(IdQuery.parse({ id: '42' })).toEqual({ id: 42 });
    expect(IdQuery.parse({ id: 42 })).toEqual({ id: 42 });
    for (const bad of ['1e3', '0x10', ' 1', '1 ', '01', '1.5', '', '+1', [2], '9007199254740993']) {
      expect(IdQuery.safeParse({ id: bad }).success, String(bad)).toBe(false);
    }
    expect(PageQuery.parse({ page: '3', size: '50' })).toEqual({ page: 3, size: 50 });
  });

  it('take JSON body numbers as numbers, never text or arrays', () => {
    expect(EditCartNumInput.parse({ id: 1, quantity: 2 })).toEqual({ id: 1, quantity: 2 });
    for (const quantity of ['1e3', '2', [2], 1.5, 0, 10_000]) {
      expect(EditCartNumInput.safeParse({ id: 1, quantity }).success, String(quantity)).toBe(false);
    }
    expect(IdInput.safeParse({ id: '7' }).success).toBe(false);
  });
});
