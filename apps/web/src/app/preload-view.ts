import type { ViewRoute } from '../shared/session/view-routes.ts';
import { routeKey } from './shell-routes.ts';

/**
 * Starts downloading the page at `pathname` as soon as the menu names its view, beside the
 * layout's chunk, rather than once the layout has loaded and rendered the route: on a cold load
 * of a console page that is one round trip of chunks less before the page can paint.
 */
export function preloadView(routes: readonly ViewRoute[], pathname: string): void {
  const key = routeKey(pathname);
  const route = routes.find((r) => routeKey(r.path) === key);
  if (route?.kind !== 'view' || route.viewPath === null) return;
  const { viewPath } = route;
  // A chunk that fails here fails again when the page renders, which reports it (lazy-page.ts).
  import('./view-registry.ts')
    .then((registry) => registry.loadView(viewPath))
    .catch(() => undefined);
}
