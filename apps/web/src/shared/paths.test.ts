import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './paths.ts';

describe('login redirects', () => {
  it('keeps where the visitor was going', () => {
    expect(loginPath('/goods/collect?page=2')).toBe(
      '/login?redirect=%2Fgoods%2Fcollect%3Fpage%3D2',
    );
  });

  it('does not send anyone back to /, /login or /my/logout', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?redirect=x')).toBe('/login');
    expect(loginPath('/my/logout')).toBe('/login');
    expect(loginPath(null)).toBe('/login');
  });

  it('accepts only same-app paths back', () => {
    expect(safeRedirect('/my/newInfo')).toBe('/my/newInfo');
    expect(safeRedirect('//evil.example.com')).toBe('/home/index');
    expect(safeRedirect('https://evil.example.com')).toBe('/home/index');
    expect(safeRedirect('/\\evil.example.com')).toBe('/home/index');
    expect(safeRedirect(null)).toBe('/home/index');
  });
});
