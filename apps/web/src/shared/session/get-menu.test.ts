import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMenu } from './get-menu.ts';

const menu = {
  id: 1,
  parentId: null,
  name: 'Home',
  router: '/home/index',
  perms: null,
  type: 1,
  icon: 'home',
  orderNum: 0,
  viewPath: 'home/index',
  keepAlive: false,
  isShow: true,
  createTime: 0,
  updateTime: 0,
};

function respond(data: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 0, data, message: 'success' }), { status: 200 }),
    ),
  );
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getMenu (spec 5: menus and perms must be arrays)', () => {
  it('passes arrays through', async () => {
    respond({ menus: [menu], perms: ['sys:menu:list'] });
    await expect(getMenu()).resolves.toEqual({ menus: [menu], perms: ['sys:menu:list'] });
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('logs a warning and uses an empty array for anything else', async () => {
    respond({ menus: { 0: menu }, perms: 'sys:menu:list' });
    await expect(getMenu()).resolves.toEqual({ menus: [], perms: [] });
    expect(console.warn).toHaveBeenCalledTimes(2);
  });

  it('copes with a null data field', async () => {
    respond(null);
    await expect(getMenu()).resolves.toEqual({ menus: [], perms: [] });
  });
});
