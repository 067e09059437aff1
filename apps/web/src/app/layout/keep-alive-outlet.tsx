import { Activity, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import type { ViewRoute } from '../../shared/session/view-routes.ts';
import { RoutePage } from '../route-page.tsx';
import { routeKey } from '../shell-routes.ts';
import { useTabsStore } from '../tabs/tabs-store.ts';

interface KeepAliveOutletProps {
  byPath: ReadonlyMap<string, ViewRoute>;
  renderRoute?: (route: ViewRoute) => ReactNode;
}

function isKept(route: ViewRoute | undefined): route is ViewRoute {
  return route !== undefined && route.keepAlive && route.kind !== 'missing';
}

/**
 * Pages whose menu entry has keepAlive stay mounted while their tab is open: switching tabs
 * hides them (React Activity keeps their state), closing the tab unmounts them. Other pages
 * render through the normal outlet.
 */
export function KeepAliveOutlet({
  byPath,
  renderRoute = (route) => <RoutePage route={route} />,
}: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const tabs = useTabsStore((s) => s.tabs);

  const current = byPath.get(routeKey(pathname));
  const active = isKept(current) ? current : null;
  const kept: ViewRoute[] = [];
  for (const tab of tabs) {
    const route = byPath.get(routeKey(tab.value));
    if (isKept(route) && !kept.includes(route)) kept.push(route);
  }
  if (active && !kept.includes(active)) kept.push(active);

  return (
    <>
      {kept.map((route) => (
        <Activity key={route.path} mode={route === active ? 'visible' : 'hidden'}>
          {renderRoute(route)}
        </Activity>
      ))}
      {active ? null : outlet}
    </>
  );
}
