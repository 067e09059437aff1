import { HOME_PATH } from '@app/shared';

/** Every route path the web app knows statically; server menus add the rest. */
export const paths = {
  root: '/',
  vip: '/vip',
  advantage: '/advantage',
  aboutUs: '/aboutus',
  help: '/help',
  privacy: '/privacy',
  products: '/products',
  design: '/design',
  /** The design tool inside the console, for signed-in sellers (`/design` stays the visitors'). */
  designer: '/goods/design',
  productDetail: '/productDetailMain',
  login: '/login',
  loginH5: '/login-h5',
  register: '/register',
  forget: '/forget',
  /** An invited staff member's accept page (`?code=`), signed in or not. */
  invite: '/invite',
  /** An e-mail verification link (`?token=`), signed in or not. */
  verifyEmail: '/verify-email',
  forbidden: '/403',
  notFound: '/404',
  serverError: '/500',
  unavailable: '/503',
  home: HOME_PATH,
  profile: '/my/newInfo',
  logout: '/my/logout',
  /** A server-menu page the public product pages point signed-out visitors to. */
  parentLibrary: '/goods/productHouse',
  /** Server-menu pages that screens outside their own feature link to. */
  recharge: '/my/recharge',
  finishedLibrary: '/goods/collect',
  upcPool: '/goods/upc',
  stores: '/market/index',
  /** The platform operators' console and its sign-in. */
  admin: '/admin',
  adminLogin: '/admin/login',
} as const;

/** `/admin/login?redirect=…`, like `loginPath` for the operators' console. */
export function adminLoginPath(redirect?: string | null): string {
  if (!redirect || !redirect.startsWith(`${paths.admin}/`) || redirect.startsWith(paths.adminLogin))
    return paths.adminLogin;
  return `${paths.adminLogin}?redirect=${encodeURIComponent(redirect)}`;
}

/** A help-center article by its slug: empty states and error messages link here. */
export function helpArticlePath(slug: string): string {
  return `${paths.help}?article=${encodeURIComponent(slug)}`;
}

/** The store list's exempt-brand dialog, open to add `brand` as GTIN-exempt. */
export function exemptBrandDialogPath(brand: string): string {
  return `${paths.stores}?${new URLSearchParams({ tab: 'exempt', add: brand })}`;
}

export type ProfileSection = 'profile' | 'email' | 'mobile' | 'password' | 'pay' | 'notifications';

export function profilePath(section?: ProfileSection): string {
  return section ? `${paths.profile}?tab=${section}` : paths.profile;
}

/** `/login?redirect=…` keeps where the visitor was going; only same-app paths are accepted back. */
export function loginPath(redirect?: string | null): string {
  const pointless = [paths.root, paths.login, paths.logout];
  if (
    !redirect ||
    pointless.some((p) => redirect === p || (p !== paths.root && redirect.startsWith(p)))
  ) {
    return paths.login;
  }
  return `${paths.login}?redirect=${encodeURIComponent(redirect)}`;
}

export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return paths.home;
  }
  return value;
}

/** Pages a signed-out visitor may open; everything else sends them to /login. */
export const publicPaths: ReadonlySet<string> = new Set([
  paths.root,
  paths.vip,
  paths.advantage,
  paths.aboutUs,
  paths.help,
  paths.privacy,
  paths.products,
  paths.design,
  paths.productDetail,
  paths.login,
  paths.loginH5,
  paths.register,
  paths.forget,
  paths.forbidden,
  paths.notFound,
  paths.serverError,
  paths.unavailable,
]);
