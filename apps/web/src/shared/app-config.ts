export interface AppConfig {
  routerMode: 'history' | 'hash';
  siteName: string;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

const DEFAULTS: AppConfig = { routerMode: 'history', siteName: 'Seller Hub' };

/** `/app-config.js` is served by the API server; a missing or partial object falls back to defaults. */
export function readAppConfig(
  source: Partial<AppConfig> | undefined = window.__APP_CONFIG__,
): AppConfig {
  return {
    routerMode: source?.routerMode === 'hash' ? 'hash' : 'history',
    siteName:
      typeof source?.siteName === 'string' && source.siteName.trim() !== ''
        ? source.siteName
        : DEFAULTS.siteName,
  };
}

export const appConfig = readAppConfig();
