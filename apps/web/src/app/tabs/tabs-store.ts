import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  initialTabs,
  keepOnlyTab,
  removeTab,
  replaceTabs,
  resetTabs,
  visitTab,
  type ProcessTab,
  type TabVisit,
} from './tabs.ts';

interface TabsState {
  tabs: ProcessTab[];
  visit: (visit: TabVisit) => void;
  /** Returns the tab to show next when the removed one was active. */
  remove: (path: string) => ProcessTab | null;
  replace: (list: ProcessTab[]) => void;
  keepOnly: (path: string) => void;
  reset: () => void;
}

/** Tabs live for the browser tab's session: a reload keeps them, logging out resets them. */
export const useTabsStore = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: initialTabs(),
      visit: (visit) => set({ tabs: visitTab(get().tabs, visit) }),
      remove: (path) => {
        const { tabs, next } = removeTab(get().tabs, path);
        set({ tabs });
        return next;
      },
      replace: (list) => set({ tabs: replaceTabs(list) }),
      keepOnly: (path) => set({ tabs: keepOnlyTab(get().tabs, path) }),
      reset: () => set({ tabs: resetTabs() }),
    }),
    { name: 'seller-hub-tabs', storage: createJSONStorage(() => sessionStorage) },
  ),
);
