import { describe, expect, it } from 'vitest';
import { HOME_PATH } from '@app/shared';
import {
  HOME_LABEL,
  initialTabs,
  keepOnlyTab,
  queryFromSearch,
  removeTab,
  replaceTabs,
  resetTabs,
  tabHref,
  visitTab,
  type ProcessTab,
} from './tabs.ts';

const tab = (value: string, active = false, query: Record<string, string> = {}): ProcessTab => ({
  label: value.slice(1),
  value,
  active,
  query,
});

const activePaths = (tabs: ProcessTab[]) => tabs.filter((t) => t.active).map((t) => t.value);

describe('tab strip rules (spec 2)', () => {
  it('starts with a single active home tab at /home/index', () => {
    expect(initialTabs()).toEqual([
      { label: HOME_LABEL, value: HOME_PATH, active: true, query: {} },
    ]);
  });

  it('keeps home first even when a list arrives without it', () => {
    const tabs = visitTab([tab('/goods/collect', true)], { path: '/newOrder', label: 'Orders' });
    expect(tabs.map((t) => t.value)).toEqual([HOME_PATH, '/goods/collect', '/newOrder']);
  });

  it('activates the tab of a visited path and deactivates the others', () => {
    const start = [tab(HOME_PATH), tab('/a', true), tab('/b')];
    const tabs = visitTab(start, { path: '/b', label: 'b' });
    expect(activePaths(tabs)).toEqual(['/b']);
    expect(tabs).toHaveLength(3);
  });

  it('activates home when home is visited', () => {
    const tabs = visitTab([tab(HOME_PATH), tab('/a', true)], {
      path: HOME_PATH,
      label: 'whatever',
    });
    expect(activePaths(tabs)).toEqual([HOME_PATH]);
    expect(tabs[0]!.label).toBe(HOME_LABEL);
  });

  it('adds an active tab for a new path with a label', () => {
    const tabs = visitTab(initialTabs(), {
      path: '/goods/collect',
      label: 'Private finished library',
      query: { page: '2' },
    });
    expect(tabs[1]).toEqual({
      label: 'Private finished library',
      value: '/goods/collect',
      active: true,
      query: { page: '2' },
    });
    expect(activePaths(tabs)).toEqual(['/goods/collect']);
  });

  it('adds no tab for a new path without a label, and leaves none active', () => {
    const tabs = visitTab(initialTabs(), { path: '/my/logout', label: null });
    expect(tabs.map((t) => t.value)).toEqual([HOME_PATH]);
    expect(activePaths(tabs)).toEqual([]);
  });

  it('updates the stored query when an existing tab is visited with a new one', () => {
    const start = [tab(HOME_PATH), tab('/orders', false, { page: '1' })];
    const tabs = visitTab(start, {
      path: '/orders',
      label: 'Orders',
      query: { page: '3', status: 'shipped' },
    });
    expect(tabs[1]).toMatchObject({ active: true, query: { page: '3', status: 'shipped' } });
    expect(tabs).toHaveLength(2);
  });

  it('clears a stored query when the tab is visited without one', () => {
    const tabs = visitTab([tab(HOME_PATH), tab('/orders', true, { page: '2' })], {
      path: '/orders',
      label: 'Orders',
    });
    expect(tabs[1]!.query).toEqual({});
  });

  it('returns the same tab object when nothing changed', () => {
    const start = [tab(HOME_PATH), tab('/a', true, { x: '1' })];
    const tabs = visitTab(start, { path: '/a', label: 'a', query: { x: '1' } });
    expect(tabs[1]).toBe(start[1]);
  });

  it('never duplicates a path', () => {
    let tabs = initialTabs();
    tabs = visitTab(tabs, { path: '/a', label: 'a' });
    tabs = visitTab(tabs, { path: '/b', label: 'b' });
    tabs = visitTab(tabs, { path: '/a', label: 'a' });
    expect(tabs.map((t) => t.value)).toEqual([HOME_PATH, '/a', '/b']);
  });

  it('removes an inactive tab without changing the active one', () => {
    const { tabs, next } = removeTab([tab(HOME_PATH), tab('/a', true), tab('/b')], '/b');
    expect(tabs.map((t) => t.value)).toEqual([HOME_PATH, '/a']);
    expect(activePaths(tabs)).toEqual(['/a']);
    expect(next).toBeNull();
  });

  it('activates the left neighbour when the active tab is removed', () => {
    const { tabs, next } = removeTab([tab(HOME_PATH), tab('/a'), tab('/b', true), tab('/c')], '/b');
    expect(tabs.map((t) => t.value)).toEqual([HOME_PATH, '/a', '/c']);
    expect(next?.value).toBe('/a');
    expect(activePaths(tabs)).toEqual(['/a']);
  });

  it('falls back to home when the only other tab is removed', () => {
    const { tabs, next } = removeTab([tab(HOME_PATH), tab('/a', true, { q: '1' })], '/a');
    expect(tabs).toEqual([{ label: HOME_LABEL, value: HOME_PATH, active: true, query: {} }]);
    expect(next?.value).toBe(HOME_PATH);
  });

  it('never removes home, and ignores unknown paths', () => {
    const start = [tab(HOME_PATH, true), tab('/a')];
    expect(removeTab(start, HOME_PATH).tabs.map((t) => t.value)).toEqual([HOME_PATH, '/a']);
    expect(removeTab(start, '/nope').tabs.map((t) => t.value)).toEqual([HOME_PATH, '/a']);
  });

  it('replaces the list, keeping home first, no duplicates and one active tab', () => {
    const tabs = replaceTabs([tab('/a', true), tab('/b', true), tab('/a'), tab(HOME_PATH)]);
    expect(tabs.map((t) => t.value)).toEqual([HOME_PATH, '/a', '/b']);
    expect(activePaths(tabs)).toEqual(['/a']);
  });

  it('resets to only home', () => {
    expect(resetTabs()).toEqual(initialTabs());
  });

  it('keeps only home and one tab, making it active', () => {
    const tabs = keepOnlyTab([tab(HOME_PATH, true), tab('/a'), tab('/b'), tab('/c')], '/b');
    expect(tabs.map((t) => t.value)).toEqual([HOME_PATH, '/b']);
    expect(activePaths(tabs)).toEqual(['/b']);
  });

  it('builds the link of a tab from its path and stored query', () => {
    expect(tabHref(tab('/orders', false, { page: '2', q: 'a b' }))).toBe('/orders?page=2&q=a+b');
    expect(tabHref(tab('/orders'))).toBe('/orders');
    expect(queryFromSearch('?page=2&q=a+b')).toEqual({ page: '2', q: 'a b' });
  });
});
