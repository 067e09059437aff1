import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The API suite runs on PGlite and, when TEST_DATABASE_URL names a PostgreSQL server, again
 * there: one project per database in one run, so both share the workers (one per core: a file
 * spends much of its time waiting on its database, and vitest's default leaves a core idle).
 */
const databases = [
  { name: 'pglite', env: { TEST_DATABASE_URL: '' } },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres', env: {} }] : []),
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: availableParallelism(),
    globalSetup: ['test/global-setup.ts'],
    // Dropping the template database can take longer than the default 10 s on a loaded machine.
    teardownTimeout: 60_000,
    projects: databases.map(({ name, env }) => ({ extends: true, test: { name, env } })),
  },
});
