import { expect } from 'vitest';
import {
  MarketplaceError,
  type StoreAuth,
  type StoreSession,
} from '../src/integrations/marketplaces/connector.ts';

/** A store session that keeps each refreshed credential in `saved`, as the store row would. */
export function recordingSession(
  site: StoreSession['site'],
  auth: StoreAuth,
): StoreSession & { saved: StoreAuth[] } {
  const saved: StoreAuth[] = [];
  return {
    site,
    auth,
    saved,
    async saveAuth(next) {
      saved.push(next);
    },
    async reloadAuth() {
      return saved.at(-1) ?? auth;
    },
  };
}

/** The MarketplaceError a connector call rejects with; resolving or any other error fails. */
export async function marketplaceError(promise: Promise<unknown>): Promise<MarketplaceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MarketplaceError);
  return error as MarketplaceError;
}
