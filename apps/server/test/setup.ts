import { afterAll, vi } from 'vitest';

// Files share a worker's module graph (vitest.config.ts): a file's fake clock, stubbed globals or
// environment must not reach the next file.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
