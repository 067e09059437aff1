import { describe, expect, it } from 'vitest';
import { readAppConfig } from './app-config.ts';

describe('runtime config from /app-config.js', () => {
  it('uses history mode unless the server asks for hash mode', () => {
    expect(readAppConfig(undefined).routerMode).toBe('history');
    expect(readAppConfig({ routerMode: 'hash' }).routerMode).toBe('hash');
    expect(readAppConfig({ routerMode: 'weird' as never }).routerMode).toBe('history');
  });

  it('takes the site name, falling back to the default when blank', () => {
    expect(readAppConfig({ siteName: 'Acme Seller' }).siteName).toBe('Acme Seller');
    expect(readAppConfig({ siteName: '  ' }).siteName).toBe('Seller Hub');
  });
});
