import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';

/**
 * Where PGlite test databases live: memory (/dev/shm) where the system has it. Each test file
 * copies a 43 MB template and writes its WAL; on disk the page cache's write-back throttled the
 * suite, and nothing here needs to outlive the run.
 */
export const scratchRoot = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();

/** Runs one statement (CREATE/DROP DATABASE) on its own connection to the server at `serverUrl`. */
export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * `serverUrl` with its database replaced by `name`, committing without waiting for the disk:
 * the suites commit tens of thousands of times into databases dropped at the end of the run.
 */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  url.searchParams.set('options', '-c synchronous_commit=off');
  return url.toString();
}
