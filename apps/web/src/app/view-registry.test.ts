import { describe, expect, it } from 'vitest';
import { normalizeViewPath, renderView } from './view-registry.ts';

describe('view registry', () => {
  it('treats the usual spellings of a view path alike', () => {
    for (const spelling of [
      'my/newInfo',
      '/my/newInfo',
      'views/my/newInfo.vue',
      'my/newInfo/',
      'My/NewInfo',
    ]) {
      expect(normalizeViewPath(spelling)).toBe('my/newinfo');
    }
  });

  it('renders the pages this build has and nothing for the others', () => {
    expect(renderView('home/index', { title: 'Home' })).not.toBeNull();
    expect(renderView('my/logout', { title: 'Logout' })).not.toBeNull();
    expect(renderView('goods/collectyun', { title: 'Amazon cloud warehouse' })).not.toBeNull();
    expect(renderView('goods/shopifyyun', { title: 'Shopify cloud warehouse' })).not.toBeNull();
    expect(renderView('goods/temuyun', { title: 'Temu cloud warehouse' })).not.toBeNull();
    expect(renderView('goods/shopeeyun', { title: 'Shopee cloud warehouse' })).not.toBeNull();
    expect(renderView('goods/nowhere', { title: 'Nowhere' })).toBeNull();
  });
});
