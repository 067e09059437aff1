import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { ValidationError } from '../errors.ts';

/** How a sort column's value is written into a cursor and read back in SQL. */
export type KeyKind = 'timestamp' | 'integer' | 'text';

export interface SortKey {
  column: PgColumn;
  kind: KeyKind;
}

interface CursorBody {
  /** Sort name and order the cursor was made for: a cursor from another ordering is refused. */
  s: string;
  o: 'asc' | 'desc';
  /** The last row's sort value as text, and its id. */
  k: string;
  i: number;
}

export interface Cursor {
  sort: string;
  order: 'asc' | 'desc';
  key: string;
  id: number;
}

const KEY_PATTERNS: Record<KeyKind, RegExp> = {
  timestamp: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  integer: /^-?\d{1,19}$/,
  text: /^[\s\S]{0,1000}$/,
};

export function encodeCursor(cursor: Cursor): string {
  const body: CursorBody = { s: cursor.sort, o: cursor.order, k: cursor.key, i: cursor.id };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/** Reads a client's cursor; anything this server did not make for this ordering is a 422 on `cursor`. */
export function decodeCursor(
  raw: string,
  expected: { sort: string; order: 'asc' | 'desc'; kind: KeyKind },
): Cursor {
  const invalid = () => new ValidationError({ cursor: 'common.invalid_cursor' });
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const b = body as Partial<CursorBody> | null;
  if (
    typeof b !== 'object' ||
    b === null ||
    b.s !== expected.sort ||
    b.o !== expected.order ||
    typeof b.k !== 'string' ||
    !KEY_PATTERNS[expected.kind].test(b.k) ||
    !Number.isSafeInteger(b.i) ||
    (b.i as number) < 1
  ) {
    throw invalid();
  }
  return { sort: b.s, order: b.o, key: b.k, id: b.i as number };
}

/** The sort value as the text a cursor carries; timestamps keep their microseconds, in UTC. */
export function keyText(key: SortKey): SQL<string> {
  if (key.kind === 'timestamp') {
    return sql<string>`to_char(${key.column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  }
  return sql<string>`${key.column}::text`;
}

/** Rows after the cursor in `(sort, id)` order; both move in the same direction, so a row comparison does it. */
export function afterCursor(key: SortKey, idColumn: PgColumn, cursor: Cursor): SQL {
  const value =
    key.kind === 'timestamp'
      ? sql`${cursor.key}::timestamptz`
      : key.kind === 'integer'
        ? sql`${cursor.key}::bigint`
        : sql`${cursor.key}::text`;
  return cursor.order === 'asc'
    ? sql`(${key.column}, ${idColumn}) > (${value}, ${cursor.id})`
    : sql`(${key.column}, ${idColumn}) < (${value}, ${cursor.id})`;
}

export interface KeysetRequest {
  /** The client's cursor, when it has one: it wins over `page`. */
  cursor?: string | null;
  /** The sort's public name and direction, which the cursor must have been made for. */
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  size: number;
}

/**
 * One page of a list in `(sort, id)` order: by cursor when the client sends one (no deep
 * offset), else by page number. Select `key: keysetKey(...)` with the rows, apply `after`,
 * `orderBy`, `limit` and `offset`, then `finish` cuts the extra row off and makes the next
 * page's cursor (null on the last page).
 */
export function keyset(key: SortKey, idColumn: PgColumn, request: KeysetRequest) {
  const { sort, order, size } = request;
  const cursor = request.cursor
    ? decodeCursor(request.cursor, { sort, order, kind: key.kind })
    : null;
  const by = order === 'asc' ? asc : desc;
  return {
    after: cursor ? afterCursor(key, idColumn, cursor) : undefined,
    orderBy: [by(key.column), by(idColumn)] as const,
    /** One extra row says whether a next page exists. */
    limit: size + 1,
    offset: cursor ? 0 : (request.page - 1) * size,
    finish<R>(rows: R[], keyOf: (row: R) => { key: string; id: number }) {
      const page = rows.slice(0, size);
      const last = rows.length > size ? page.at(-1) : undefined;
      return {
        rows: page,
        nextCursor: last ? encodeCursor({ sort, order, ...keyOf(last) }) : null,
      };
    },
  };
}

/** Counting stops one past `cap`: exact below it, `more` above it, never a full scan. */
export async function cappedCount(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<{ total: number; more: boolean }> {
  const counted = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${table} where ${where ?? sql`true`} limit ${cap + 1}) capped`,
  );
  const n = Number(counted.rows[0]?.n ?? 0);
  return { total: Math.min(n, cap), more: n > cap };
}
