/**
 * Leaves the app for a marketplace's consent page. A module of its own because the browser's
 * `location.assign` cannot be replaced in tests; they replace this function instead.
 */
export function openConsentPage(url: string): void {
  window.location.assign(url);
}
