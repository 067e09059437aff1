import { HOME_PATH } from '@app/shared';

/**
 * Spec 2 "Tab strip" as pure functions: every route the signed-in user visits becomes a
 * process tab (label, value = path, active, query). The first tab is always home.
 */
export type TabQuery = Record<string, string>;

export interface ProcessTab {
  label: string;
  value: string;
  active: boolean;
  query: TabQuery;
}

export interface TabVisit {
  path: string;
  /** Null for routes that must not get a tab (no menu title, or /my/logout). */
  label: string | null;
  query?: TabQuery;
}

export const HOME_LABEL = 'home';

export function homeTab(active = true): ProcessTab {
  return { label: HOME_LABEL, value: HOME_PATH, active, query: {} };
}

export function initialTabs(): ProcessTab[] {
  return [homeTab()];
}

function sameQuery(a: TabQuery, b: TabQuery): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** Keeps home first and the list free of duplicate paths. */
function withHomeFirst(tabs: readonly ProcessTab[]): ProcessTab[] {
  const seen = new Set<string>([HOME_PATH]);
  const home = tabs.find((t) => t.value === HOME_PATH);
  const rest = tabs.filter((t) => {
    if (seen.has(t.value)) return false;
    seen.add(t.value);
    return true;
  });
  return [home ? { ...home, label: HOME_LABEL } : homeTab(false), ...rest];
}

/**
 * Visiting a path activates its tab and refreshes its stored query when it changed; a new
 * path with a label adds an active tab; a new path without one leaves no tab active.
 */
export function visitTab(tabs: readonly ProcessTab[], visit: TabVisit): ProcessTab[] {
  const query = visit.query ?? {};
  const base = withHomeFirst(tabs);
  const exists = base.some((t) => t.value === visit.path);
  const next = base.map((t) => {
    if (t.value !== visit.path) return t.active ? { ...t, active: false } : t;
    const changedQuery = !sameQuery(t.query, query);
    if (t.active && !changedQuery) return t;
    return { ...t, active: true, query: changedQuery ? { ...query } : t.query };
  });
  if (!exists && visit.label) {
    next.push({ label: visit.label, value: visit.path, active: true, query: { ...query } });
  }
  return next;
}

/**
 * Removes a tab (home stays). When the removed tab was active, its left neighbour becomes
 * active and is returned as `next` so the caller can navigate there.
 */
export function removeTab(
  tabs: readonly ProcessTab[],
  path: string,
): { tabs: ProcessTab[]; next: ProcessTab | null } {
  const base = withHomeFirst(tabs);
  const index = base.findIndex((t) => t.value === path);
  if (index <= 0) return { tabs: base, next: null };
  const removed = base[index]!;
  const rest = base.filter((_, i) => i !== index);
  if (!removed.active) return { tabs: rest, next: null };
  const neighbour = rest[index - 1] ?? rest[0]!;
  const activated = rest.map((t) => (t === neighbour ? { ...t, active: true } : t));
  return { tabs: activated, next: activated[rest.indexOf(neighbour)]! };
}

/** Replaces the whole list, keeping home first and at most one active tab. */
export function replaceTabs(list: readonly ProcessTab[]): ProcessTab[] {
  let seenActive = false;
  return withHomeFirst(list).map((t) => {
    const active = t.active && !seenActive;
    if (active) seenActive = true;
    return t.active === active ? t : { ...t, active };
  });
}

/** Back to the default strip: a single active home tab. */
export function resetTabs(): ProcessTab[] {
  return initialTabs();
}

/** Keeps home and the given tab, which becomes active. */
export function keepOnlyTab(tabs: readonly ProcessTab[], path: string): ProcessTab[] {
  return replaceTabs(
    withHomeFirst(tabs)
      .filter((t) => t.value === HOME_PATH || t.value === path)
      .map((t) => ({ ...t, active: t.value === path })),
  );
}

/** The link a tab reopens: its path plus the query it was last seen with. */
export function tabHref(tab: Pick<ProcessTab, 'value' | 'query'>): string {
  const qs = new URLSearchParams(tab.query).toString();
  return qs ? `${tab.value}?${qs}` : tab.value;
}

export function queryFromSearch(search: string): TabQuery {
  return Object.fromEntries(new URLSearchParams(search));
}
