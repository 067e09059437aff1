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
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = await fs.mkdtemp(path.join(scratchRoot, 'test-pglite-template-'));
    await prepare(() => openDatabase({ dataDir: dir }));
    project.provide('databaseTemplate', dir);
    return () => fs.rm(dir, { recursive: true, force: true });
  }
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  await prepare(() => openDatabase({ url: databaseUrl(serverUrl, name), dataDir: null }));
  project.provide('databaseTemplate', name);
  return () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
