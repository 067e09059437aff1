import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/failure-report.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // A worker per core, each with a server of its own (support/global-setup.ts); a third
    // browser and server beside two would only share the same two cores.
    maxWorkers: Math.min(2, availableParallelism()),
    // expect.poll gives up after 1 s by default: a menu or list that a loaded CI machine draws
    // a little later is not a failure.
    expect: { poll: { timeout: 15_000 } },
    // One retry for a test that lost a race with the loaded machine; the report marks it
    // "(retry x1)", and one that fails twice fails.
    retry: 1,
  },
});
