import { afterAll, vi } from 'vitest';
import { setPasswordHashCost } from '../src/modules/auth/passwords.ts';

// Passwords hash at 1/128 of the real scrypt cost (src/modules/auth/passwords.test.ts checks the
// real one), as PASSWORD_HASH_COST=10 does for the page and e2e servers.
setPasswordHashCost(10);

// Files share a worker's module graph (vitest.config.ts): a file's fake clock, stubbed globals or
// environment must not reach the next file.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
