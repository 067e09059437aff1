import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@app/shared';
import { buildViewRoutes, isExternalUrl } from './view-routes.ts';

let nextId = 1;
function menu(fields: Partial<MenuItem>): MenuItem {
  return {
    id: nextId++,
    parentId: null,
    name: 'x',
    router: null,
    perms: null,
    type: 1,
    icon: null,
    orderNum: 0,
    viewPath: null,
    keepAlive: false,
    isShow: true,
    createTime: 0,
    updateTime: 0,
    ...fields,
  };
}

describe('server-driven routes (spec 2)', () => {
  it('turns type 1 menus into routes and skips directories and permissions', () => {
    const routes = buildViewRoutes([
      menu({ type: 0, name: 'group' }),
      menu({
        type: 1,
        router: '/goods/collect',
        viewPath: 'goods/collect',
        keepAlive: true,
        name: 'menu.goods.collect',
      }),
      menu({ type: 2, perms: 'goods:collect:add', router: '/goods/collect/add' }),
    ]);
    expect(routes).toEqual([
      expect.objectContaining({
        path: '/goods/collect',
        viewPath: 'goods/collect',
        keepAlive: true,
        kind: 'view',
      }),
    ]);
  });

  it('sends an external view path to the frame page', () => {
    const [route] = buildViewRoutes([
      menu({ router: '/help/docs', viewPath: 'https://docs.example.com/start' }),
    ]);
    expect(route?.kind).toBe('frame');
  });

  it('marks a page without a view path as missing (it redirects to /404)', () => {
    const [route] = buildViewRoutes([menu({ router: '/newOrder/labels', viewPath: '  ' })]);
    expect(route).toMatchObject({ kind: 'missing', viewPath: null });
  });

  it('normalises router paths, ignores pages without one and keeps the first of duplicates', () => {
    const routes = buildViewRoutes([
      menu({ router: 'my/recharge/', viewPath: 'my/recharge', name: 'first' }),
      menu({ router: '/my/recharge', viewPath: 'my/recharge', name: 'second' }),
      menu({ router: null, viewPath: 'orphan' }),
    ]);
    expect(routes.map((r) => [r.path, r.name])).toEqual([['/my/recharge', 'first']]);
  });

  it('recognises only http(s) URLs as external', () => {
    expect(isExternalUrl('http://a.example')).toBe(true);
    expect(isExternalUrl('HTTPS://a.example')).toBe(true);
    expect(isExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isExternalUrl('goods/collect')).toBe(false);
    expect(isExternalUrl(null)).toBe(false);
  });
});
