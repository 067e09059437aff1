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

/** Where `leaveApp` sends the browser: the real window, or a page test's recorder. */
let leave = (url: string): void => window.location.assign(url);

/**
 * Leaves the app for another site (Alipay's cashier, a marketplace's consent page), which sends
 * the browser back to a return URL. jsdom cannot navigate away, so page tests record the URL
 * through `replaceLeaveApp` instead of mocking the modules that call this.
 */
export function leaveApp(url: string): void {
  leave(url);
}

/** For page tests: records where the app would go; returns the function that restores it. */
export function replaceLeaveApp(next: (url: string) => void): () => void {
  const previous = leave;
  leave = next;
  return () => {
    leave = previous;
  };
}
