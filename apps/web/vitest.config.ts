import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const src = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * Unit files share one module graph and one jsdom (`isolate: false`): a fresh process, jsdom
 * and antd per file cost about 2 s, twenty times the tests themselves. A file that replaces a
 * module with `vi.mock` keeps a graph of its own, or its mock would leak into later files and
 * miss modules earlier files already loaded.
 */
const mockingFiles = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(src + file, 'utf8')))
  .map((file) => `src/${file.replaceAll('\\', '/')}`);
const mockingUnitFiles = mockingFiles.filter((file) => !file.endsWith('.page.test.tsx'));
/**
 * Page test files share one graph too, and a second graph would need a second server: a module
 * mock there passed or failed by which file the worker ran first. They record what jsdom cannot
 * do through test/pages.tsx (`recordLeaving`, `recordDownloads`) instead.
 */
const mockingPageFiles = mockingFiles.filter((file) => file.endsWith('.page.test.tsx'));
if (mockingPageFiles.length > 0) {
  throw new Error(
    `Page tests may not use vi.mock (see vitest.config.ts): ${mockingPageFiles.join(', ')}`,
  );
}

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.page.test.tsx', ...mockingUnitFiles],
          isolate: false,
          // A test that switches the language loads that language's texts, as the app does: a
          // chunk transformed on first use took 5.9 s in CI beside the server suite (2.7 s alone).
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: mockingUnitFiles,
        },
      },
      {
        extends: true,
        // Page tests drive the real pages against the real API server started by globalSetup.
        // They run after the unit files, which keep the worker busy while that server boots.
        // Vitest's default of one worker per core but one leaves a 2-core machine half idle
        // (a page test waits on the server a third of its time): two workers take 2/3 the time.
        test: {
          name: 'pages',
          include: ['src/**/*.page.test.tsx'],
          globalSetup: ['src/test/real-server.ts'],
          sequence: { groupOrder: 1 },
          // One module graph and jsdom per worker here too: loading antd and the app again for
          // every file took a third of the project's CPU. setupPageTests resets what a file
          // leaves behind (stores, query cache, body, storage).
          isolate: false,
          maxWorkers: Math.max(2, availableParallelism() - 1),
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One retry for a page test that lost a race with a loaded machine (CI once failed one
          // of 204 this way); the reporter marks it "(retry x1)", and one that fails twice fails.
          retry: 1,
        },
      },
    ],
  },
});
