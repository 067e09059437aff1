export type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

/** The router registers its navigate function so non-React code (the request client) can route. */
export function bindNavigator(navigate: Navigate | null): void {
  navigator = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
  else window.location.assign(to);
}

export function currentAppPath(): string {
  const { hash, pathname, search } = window.location;
  return hash.startsWith('#/') ? hash.slice(1) : `${pathname}${search}`;
}
