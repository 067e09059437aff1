import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The API suite runs on PGlite, or, when TEST_DATABASE_URL names a PostgreSQL server, there
 * and on PGlite where the embedded database matters (below): one project per database in one
 * run, so both share the workers (one per core: a file spends much of its time waiting on its
 * database, and vitest's default leaves a core idle).
 *
 * Files of a worker share one module graph (`isolate: false`): evaluating the server's modules
 * again for every file cost about 3 s of CPU per file, a third of the suite. Each file still gets
 * its own database, app and simulators; state a module keeps is keyed by what it belongs to (the
 * database handle, the connector). A file that replaces a module with `vi.mock` keeps a graph of
 * its own, or its mock would leak into later files and miss modules earlier files loaded.
 */
const root = fileURLToPath(new URL('./', import.meta.url));
const testFiles = ['src', 'test']
  .flatMap((dir) =>
    readdirSync(root + dir, { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`),
  )
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => ({ file: file.replaceAll('\\', '/'), text: readFileSync(root + file, 'utf8') }));
const mockingFiles = testFiles
  .filter(({ text }) => /\bvi\.(mock|doMock)\(/.test(text))
  .map(({ file }) => file);
/**
 * Files that never open a database (rules, signing, connectors against their simulators) run
 * once, in the PGlite project: on PostgreSQL they would only repeat themselves.
 */
const databaseFree = testFiles
  .filter(({ text }) => !/helper\.ts|sim-harness\.ts|openDatabase|TEST_DATABASE_URL/.test(text))
  .map(({ file }) => file);
/**
 * With a PostgreSQL server (CI), the files that use a database run there, the production
 * database, and on PGlite only where the embedded database behaves differently: one connection
 * in the server's own process, so jobs, restarts over the same data, concurrent pays, chunked
 * imports, the per-request round trips and the marketplace quota buckets (in memory there). Both are the same PostgreSQL dialect; the rest of
 * PGlite's use is covered by `npm test` without TEST_DATABASE_URL, which runs every file on
 * PGlite. Running all of them twice cost CI 360 CPU-seconds on PGlite alone. Of the two kill -9
 * tests, push-kill walks the embedded database's recovery after its process is killed (31 s of
 * a worker); publish-kill's PGlite half (80 s) runs only there, its PostgreSQL half here.
 */
const embeddedSpecific = [
  'test/jobs.test.ts',
  'test/job-resume.test.ts',
  'test/listings-restart.test.ts',
  'test/migration-idr.test.ts',
  'test/pay-race.test.ts',
  'test/production-import.test.ts',
  'test/shopify-throttle.test.ts',
  'test/push-kill.test.ts',
  'test/wire.test.ts',
];

/**
 * Files that start servers of their own (kill -9, two processes on one database) spend half a
 * minute or more waiting on those processes. They go first, while the other files keep the
 * cores busy; last, they were the run's tail (scale-out started 263 s into a 337 s run).
 */
const childServerFiles = new Set(
  testFiles.filter(({ text }) => text.includes('./child-server.ts')).map(({ file }) => file),
);
class ChildServersFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) =>
      childServerFiles.has(spec.moduleId.slice(root.length)) ? 0 : 1;
    return sorted.sort((a, b) => first(a) - first(b));
  }
}

// Per project, not at the root: `extends` would add the root's include to the isolated project's.
const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts'];

const databases = process.env.TEST_DATABASE_URL
  ? [
      {
        name: 'pglite',
        env: { TEST_DATABASE_URL: '' },
        include: [...databaseFree, ...embeddedSpecific],
        skip: [] as string[],
      },
      { name: 'postgres', env: {}, include: ALL, skip: databaseFree },
    ]
  : [{ name: 'pglite', env: {}, include: ALL, skip: [] as string[] }];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    sequence: { sequencer: ChildServersFirst },
    maxWorkers: availableParallelism(),
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // Dropping the template database can take longer than the default 10 s on a loaded machine.
    teardownTimeout: 60_000,
    projects: databases.flatMap(({ name, env, include, skip }) => [
      {
        extends: true,
        test: { name, env, include, exclude: [...mockingFiles, ...skip], isolate: false },
      },
      {
        extends: true,
        test: {
          name: `${name}-isolated`,
          env,
          include: mockingFiles.filter((file) => include === ALL || include.includes(file)),
          exclude: skip,
        },
      },
    ]),
  },
});
