import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { seedBase } from '../src/seed/seed.ts';
import { adminQuery, databaseUrl, scratchRoot } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** What `scratchDatabase` copies: a PGlite folder, or a database on TEST_DATABASE_URL's server. */
    databaseTemplate: string;
  }
}

/**
 * Migrating and base-seeding a database costs seconds (most of a small file's time), so it is
 * done once per run: every test file's database is a copy of this template (see
 * `scratchDatabase`). The project's `env` says which database the run is on.
 *
 * Vitest runs this once per project (each database has a project and an isolated one), one
 * after another, in one process: the templates are made once per database, all of them at the
 * first call so PostgreSQL's is ready while PGlite's migrates, and removed after the last project.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const runs = ((globalThis as { templateRuns?: TemplateRuns }).templateRuns ??= new Map());
  if (runs.size === 0) {
    runs.set('', { made: makeTemplate(''), users: 0 });
    if (process.env.TEST_DATABASE_URL) {
      const url = process.env.TEST_DATABASE_URL;
      runs.set(url, { made: makeTemplate(url), users: 0 });
    }
  }
  const key = serverUrl ?? '';
  let run = runs.get(key);
  if (!run) runs.set(key, (run = { made: makeTemplate(key), users: 0 }));
  run.users += 1;
  const { template, remove } = await run.made;
  project.provide('databaseTemplate', template);
  return async () => {
    run.users -= 1;
    if (run.users === 0) await remove();
  };
}

type TemplateRuns = Map<string, { made: ReturnType<typeof makeTemplate>; users: number }>;

/** A migrated, base-seeded template: a PGlite folder, or a database on `serverUrl`'s server. */
async function makeTemplate(serverUrl: string) {
  if (!serverUrl) {
    const dir = await fs.mkdtemp(path.join(scratchRoot, 'test-pglite-template-'));
    await prepare(() => openDatabase({ dataDir: dir }));
    return { template: dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
  }
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  await prepare(() => openDatabase({ url: databaseUrl(serverUrl, name), dataDir: null }));
  return {
    template: name,
    remove: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Migrates (openDatabase does) and base-seeds, then closes: a template must have no sessions. */
async function prepare(open: () => ReturnType<typeof openDatabase>): Promise<void> {
  const database = await open();
  try {
    await seedBase(database.db);
  } finally {
    await database.close();
  }
}
