import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuLabel } from '../shared/i18n/menu-label.ts';
import type { ViewRoute } from '../shared/session/view-routes.ts';
import { lazyPage } from '../shared/lazy-page.ts';
import { PageLoading } from '../shared/ui/page-loading.tsx';
import { paths } from '../shared/paths.ts';
import { renderView } from './view-registry.ts';

const FramePage = lazyPage(() => import('../features/frame/pages/frame-page.tsx'), 'FramePage');
const BuildingPage = lazyPage(() => import('./building-page.tsx'), 'BuildingPage');

/** Renders one server-driven route: its view, the frame for an external URL, or /404 without a view path. */
export function RoutePage({ route }: { route: ViewRoute }) {
  const { t } = useTranslation();
  const title = menuLabel(t, route.name);
  if (route.kind === 'missing' || route.viewPath === null)
    return <Navigate to={paths.notFound} replace />;

  const page =
    route.kind === 'frame' ? (
      <FramePage url={route.viewPath} title={title} />
    ) : (
      (renderView(route.viewPath, { title }) ?? <BuildingPage title={title} />)
    );
  return <Suspense fallback={<PageLoading />}>{page}</Suspense>;
}
