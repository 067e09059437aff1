import { describe, expect, it } from 'vitest';
import { readableRemoteId } from './remote-id.ts';

describe('marketplace ids', () => {
  it("shows Shopify's API ids as their number, others as they are", () => {
    expect(readableRemoteId('gid://shopify/Order/5521234567')).toBe('5521234567');
    expect(readableRemoteId('gid://shopify/Product/1002')).toBe('1002');
    expect(readableRemoteId('114-3941689-8772232')).toBe('114-3941689-8772232');
    expect(readableRemoteId('B0LS9D6H23')).toBe('B0LS9D6H23');
    expect(readableRemoteId(null)).toBeNull();
  });
});
