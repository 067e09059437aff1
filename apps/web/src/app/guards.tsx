import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useAuthStore } from '../shared/auth/auth-store.ts';
import { lazyPage } from '../shared/lazy-page.ts';
import { PageLoading } from '../shared/ui/page-loading.tsx';
import { loginPath, paths, safeRedirect } from '../shared/paths.ts';

const PublicLayout = lazyPage(
  () => import('../features/public/components/public-layout.tsx'),
  'PublicLayout',
);

function useSignedIn(): boolean {
  return useAuthStore((s) => s.token !== null && s.token !== '');
}

function useCurrentPath(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/** Spec 2: without a token every logged-in route goes to /login, remembering where it was going. */
export function RequireAuth() {
  const signedIn = useSignedIn();
  const from = useCurrentPath();
  return signedIn ? <Outlet /> : <Navigate to={loginPath(from)} replace />;
}

/** Login, sign-up and reset pages send a signed-in visitor on to the console. */
export function GuestOnly() {
  const signedIn = useSignedIn();
  const [params] = useSearchParams();
  return signedIn ? <Navigate to={safeRedirect(params.get('redirect'))} replace /> : <Outlet />;
}

/** Marketing pages; `/` itself is the console's landing once signed in (spec 2). */
export function PublicArea() {
  const signedIn = useSignedIn();
  const { pathname } = useLocation();
  if (signedIn && pathname === paths.root) return <Navigate to={paths.home} replace />;
  return <PublicLayout />;
}

/**
 * A signed-in path no route matched (RequireAuth already sent signed-out visitors to /login):
 * wait for the menu, which may add the route, then /404.
 */
export function UnknownRoute() {
  const menuStatus = useAuthStore((s) => s.menuStatus);
  if (menuStatus === 'idle' || menuStatus === 'loading') return <PageLoading />;
  return <Navigate to={paths.notFound} replace />;
}
