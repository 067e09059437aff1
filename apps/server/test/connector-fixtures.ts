import { expect } from 'vitest';
import {
  MarketplaceError,
  type StoreAuth,
  type StoreSession,
} from '../src/integrations/marketplaces/connector.ts';
import type { FetchLike } from '../src/integrations/marketplaces/http.ts';

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

/**
 * A fetch whose calls all reach the marketplace, but the answer to the first call `matches`
 * names is lost on the way back (a socket hang-up after the marketplace acted). `sent` counts
 * the matching calls, so a test can show the connector never sent the same change twice.
 */
export function losingFirstAnswer(matches: (url: string, body: string) => boolean): {
  fetch: FetchLike;
  sent: () => number;
} {
  let sent = 0;
  return {
    sent: () => sent,
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      if (matches(String(input), String(init?.body ?? ''))) {
        sent += 1;
        if (sent === 1) throw new TypeError('fetch failed: socket hang up');
      }
      return res;
    },
  };
}
