import { Suspense, useEffect, useMemo } from 'react';
import { BrowserRouter, HashRouter, Route, Routes, useLocation } from 'react-router';
import { isSignedIn, useAuthStore } from '../shared/auth/auth-store.ts';
import { appConfig } from '../shared/app-config.ts';
import { ErrorBoundary } from './errors/error-boundary.tsx';
import { GuestOnly, PublicArea, RequireAuth, UnknownRoute } from './guards.tsx';
import { lazyPage } from '../shared/lazy-page.ts';
import { loadTranslations } from '../shared/i18n/i18n.ts';
import { consoleTexts } from './layout/console-texts.ts';
import { preloadView } from './preload-view.ts';
import { NavigationBridge, ScrollToTop } from './navigation-bridge.tsx';
import { PageLoading } from '../shared/ui/page-loading.tsx';
import { paths } from '../shared/paths.ts';
import { SessionLoader } from './session-loader.tsx';
import { withShellRoutes } from './shell-routes.ts';

/** The console's frame renders once its texts in the shown language are in place too. */
const AppLayout = lazyPage(async () => {
  const [layout] = await Promise.all([
    import('./layout/app-layout.tsx'),
    loadTranslations(consoleTexts),
  ]);
  return layout;
}, 'AppLayout');
/**
 * The map of every signed-in view (view-registry.ts) comes with the layout's chunk, which imports
 * it too, so the sign-in pages do not download it.
 */
const RoutePage = lazyPage(() => import('./route-page.tsx'), 'RoutePage');

const LoginPage = lazyPage(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage');
const LoginH5Page = lazyPage(
  () => import('../features/auth/pages/login-h5-page.tsx'),
  'LoginH5Page',
);
const RegisterPage = lazyPage(
  () => import('../features/auth/pages/register-page.tsx'),
  'RegisterPage',
);
const ForgetPage = lazyPage(() => import('../features/auth/pages/forget-page.tsx'), 'ForgetPage');
const InvitePage = lazyPage(() => import('../features/auth/pages/invite-page.tsx'), 'InvitePage');
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/pages/verify-email-page.tsx'),
  'VerifyEmailPage',
);

const AdminApp = lazyPage(() => import('../features/admin/index.ts'), 'AdminApp');

const errorPages = () => import('./errors/error-page.tsx');
const ForbiddenPage = lazyPage(errorPages, 'ForbiddenPage');
const NotFoundPage = lazyPage(errorPages, 'NotFoundPage');
const ServerErrorPage = lazyPage(errorPages, 'ServerErrorPage');
const UnavailablePage = lazyPage(errorPages, 'UnavailablePage');

const PublicHomePage = lazyPage(
  () => import('../features/public/pages/public-home-page.tsx'),
  'PublicHomePage',
);
const VipPage = lazyPage(() => import('../features/public/pages/vip-page.tsx'), 'VipPage');
const AdvantagePage = lazyPage(
  () => import('../features/public/pages/advantage-page.tsx'),
  'AdvantagePage',
);
const AboutUsPage = lazyPage(
  () => import('../features/public/pages/about-us-page.tsx'),
  'AboutUsPage',
);
const HelpPage = lazyPage(() => import('../features/public/pages/help-page.tsx'), 'HelpPage');
const PrivacyPage = lazyPage(
  () => import('../features/public/pages/privacy-page.tsx'),
  'PrivacyPage',
);
const ProductsPage = lazyPage(
  () => import('../features/public/pages/products-page.tsx'),
  'ProductsPage',
);
const DesignPage = lazyPage(() => import('../features/design/pages/design-page.tsx'), 'DesignPage');
const ProductDetailPage = lazyPage(
  () => import('../features/public/pages/product-detail-page.tsx'),
  'ProductDetailPage',
);

/** Spec 2: history mode by default, hash mode when the server's runtime config asks for it. */
export function AppRouter() {
  const Router = appConfig.routerMode === 'hash' ? HashRouter : BrowserRouter;
  return (
    <Router>
      <NavigationBridge />
      <ScrollToTop />
      <SessionLoader />
      <AppRoutes />
    </Router>
  );
}

function AppRoutes() {
  const { pathname } = useLocation();
  const viewRoutes = useAuthStore((s) => s.viewRoutes);
  const signedIn = useAuthStore(isSignedIn);
  const routes = useMemo(() => withShellRoutes(viewRoutes), [viewRoutes]);
  useEffect(() => {
    if (signedIn) preloadView(routes, pathname);
  }, [signedIn, routes, pathname]);

  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading full />}>
        <Routes>
          <Route element={<PublicArea />}>
            <Route index element={<PublicHomePage />} />
            <Route path={paths.vip} element={<VipPage />} />
            <Route path={paths.advantage} element={<AdvantagePage />} />
            <Route path={paths.aboutUs} element={<AboutUsPage />} />
            <Route path={paths.help} element={<HelpPage />} />
            <Route path={paths.privacy} element={<PrivacyPage />} />
            <Route path={paths.products} element={<ProductsPage />} />
            <Route path={paths.design} element={<DesignPage />} />
            <Route path={paths.productDetail} element={<ProductDetailPage />} />
          </Route>
          <Route element={<GuestOnly />}>
            <Route path={paths.login} element={<LoginPage />} />
            <Route path={paths.loginH5} element={<LoginH5Page />} />
            <Route path={paths.register} element={<RegisterPage />} />
            <Route path={paths.forget} element={<ForgetPage />} />
          </Route>
          <Route path={paths.invite} element={<InvitePage />} />
          <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
          <Route path={`${paths.admin}/*`} element={<AdminApp />} />
          <Route path={paths.forbidden} element={<ForbiddenPage />} />
          <Route path={paths.notFound} element={<NotFoundPage />} />
          <Route path={paths.serverError} element={<ServerErrorPage />} />
          <Route path={paths.unavailable} element={<UnavailablePage />} />
          <Route element={<RequireAuth />}>
            <Route element={<AppLayout routes={routes} />}>
              {routes.map((route) => (
                <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
              ))}
              <Route path="*" element={<UnknownRoute />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
