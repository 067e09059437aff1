import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { buildMenuTree, type MenuItem } from '@app/shared';
import { nowSeconds, type MenuNode } from './auth-store.ts';

/**
 * The platform operator's session in the admin console (/admin). It is kept apart from the
 * seller's, so one browser can hold both and signing out of one leaves the other.
 */
export interface OperatorState {
  username: string | null;
  token: string | null;
  /** Unix seconds when the token stops working. */
  expiry: number | null;
  menus: MenuItem[];
  perms: string[];
  menuGroup: MenuNode[];
  signIn: (token: string, ttlSeconds: number, username: string) => void;
  setMenus: (menus: MenuItem[], perms: string[]) => void;
  clear: () => void;
}

const signedOut = {
  username: null,
  token: null,
  expiry: null,
  menus: [],
  perms: [],
  menuGroup: [],
} satisfies Partial<OperatorState>;

export const useOperatorStore = create<OperatorState>()(
  persist(
    (set) => ({
      ...signedOut,
      signIn: (token, ttlSeconds, username) =>
        set({ token, username, expiry: nowSeconds() + ttlSeconds, menus: [], menuGroup: [] }),
      setMenus: (menus, perms) => set({ menus, perms, menuGroup: buildMenuTree(menus) }),
      clear: () => set({ ...signedOut }),
    }),
    {
      name: 'seller-hub-operator',
      storage: createJSONStorage(() => localStorage),
      onRehydrateStorage: () => (state) => {
        if (state?.token && state.expiry !== null && state.expiry <= nowSeconds()) state.clear();
      },
    },
  ),
);
