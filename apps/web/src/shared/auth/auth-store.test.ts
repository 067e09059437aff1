import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_TTL_SECONDS, type MenuItem, type UserInfo } from '@app/shared';
import { getCookie } from './cookie.ts';
import { nowSeconds, useAuthStore } from './auth-store.ts';

const user: UserInfo = {
  id: 3,
  api_token: 'secret-token',
  expires_at: nowSeconds() + TOKEN_TTL_SECONDS,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_500,
  level_name: 'Silver',
  level_name_en: 'Silver',
  name: 'Acme Ltd',
  email: 'boss@acme.example',
  mobile: '13800138000',
  is_boss: true,
  language: null,
  email_verified: true,
  seller_id: 3,
};

const page = (id: number, parentId: number | null, router: string, orderNum: number): MenuItem => ({
  id,
  parentId,
  name: router,
  router,
  perms: null,
  type: 1,
  icon: null,
  orderNum,
  viewPath: router.slice(1),
  keepAlive: false,
  isShow: true,
  createTime: 0,
  updateTime: 0,
});

beforeEach(() => {
  useAuthStore.getState().clearSession();
});

describe('auth store (spec 3 "Auth state", spec 4 "Session")', () => {
  it('keeps the login and derives the client-side user fields', () => {
    useAuthStore.getState().signIn(user, 'boss@acme.example');
    const s = useAuthStore.getState();
    expect(s).toMatchObject({
      token: 'secret-token',
      username: 'boss@acme.example',
      expiry: user.expires_at,
    });
    expect(s.userInfo).toMatchObject({
      createTime: user.created_at,
      updateTime: user.updated_at,
      nickName: 'Silver',
      roleIdList: [1],
      status: 1,
      departmentName: 'Acme Ltd',
    });
  });

  it('mirrors the token in a cookie and persists the session to localStorage', () => {
    useAuthStore.getState().signIn(user, 'boss@acme.example');
    expect(getCookie('token')).toBe('secret-token');
    const stored = JSON.parse(localStorage.getItem('seller-hub-auth')!) as {
      state: Record<string, unknown>;
    };
    expect(stored.state).toMatchObject({ token: 'secret-token', username: 'boss@acme.example' });
    expect(stored.state).not.toHaveProperty('menuStatus');
  });

  it('falls back to a 604800-second expiry when the server sends none in the future', () => {
    useAuthStore.getState().signIn({ ...user, expires_at: 0 }, 'x');
    const expiry = useAuthStore.getState().expiry!;
    expect(expiry - nowSeconds()).toBeGreaterThanOrEqual(TOKEN_TTL_SECONDS - 1);
    expect(expiry - nowSeconds()).toBeLessThanOrEqual(TOKEN_TTL_SECONDS);
  });

  it('builds the menu tree and the view routes from the menu list', () => {
    useAuthStore
      .getState()
      .setMenus(
        [
          page(2, 1, '/b', 2),
          page(3, 1, '/a', 1),
          { ...page(1, null, '/g', 0), type: 0, router: null },
        ],
        ['sys:menu:list'],
      );
    const s = useAuthStore.getState();
    expect(s.menuGroup[0]!.children.map((c) => c.router)).toEqual(['/a', '/b']);
    expect(s.viewRoutes.map((r) => r.path).sort()).toEqual(['/a', '/b']);
    expect(s.perms).toEqual(['sys:menu:list']);
    expect(s.menuStatus).toBe('ready');
  });

  it('logout clears user, token, username, menus and routes, and the cookie', () => {
    const store = useAuthStore.getState();
    store.signIn(user, 'boss@acme.example');
    store.setMenus([page(2, null, '/b', 0)], ['x']);
    store.clearSession();
    expect(useAuthStore.getState()).toMatchObject({
      token: null,
      username: null,
      userInfo: null,
      menus: [],
      perms: [],
      menuGroup: [],
      viewRoutes: [],
    });
    expect(getCookie('token')).toBeNull();
  });
});
