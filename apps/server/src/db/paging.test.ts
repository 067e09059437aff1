import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import { decodeCursor, encodeCursor, keyset } from './paging.ts';
import { orders } from './schema.ts';

const expected = { sort: 'created_at', order: 'desc', kind: 'timestamp' } as const;
const cursor = {
  sort: 'created_at',
  order: 'desc',
  key: '2024-05-01T10:20:30.123456Z',
  id: 42,
} as const;

function refusal(raw: string, expect_: Parameters<typeof decodeCursor>[1] = expected): unknown {
  try {
    decodeCursor(raw, expect_);
  } catch (error) {
    return error;
  }
  return null;
}

describe('cursor', () => {
  it('round-trips as opaque base64url', () => {
    const raw = encodeCursor(cursor);
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(raw, expected)).toEqual(cursor);
    const title = encodeCursor({ sort: 'title', order: 'asc', key: "O'Neil, 50% & more", id: 1 });
    expect(decodeCursor(title, { sort: 'title', order: 'asc', kind: 'text' }).key).toBe(
      "O'Neil, 50% & more",
    );
  });

  it('refuses garbage, a cursor of another ordering and keys that do not fit the column', () => {
    const bad = [
      'not base64 at all!',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('null').toString('base64url'),
      encodeCursor({ ...cursor, order: 'asc' }),
      encodeCursor({ ...cursor, sort: 'price' }),
      encodeCursor({ ...cursor, key: '2024-05-01; drop table x' }),
      encodeCursor({ ...cursor, id: 0 }),
      encodeCursor({ ...cursor, id: 1.5 }),
    ];
    for (const raw of bad) {
      const error = refusal(raw);
      expect(error, raw).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).status).toBe(422);
      expect((error as ValidationError).fields).toEqual({ cursor: 'common.invalid_cursor' });
    }
    const price = encodeCursor({ sort: 'price', order: 'asc', key: '12a', id: 1 });
    expect(refusal(price, { sort: 'price', order: 'asc', kind: 'integer' })).toBeInstanceOf(
      ValidationError,
    );
  });
});

describe('keyset', () => {
  const key = { column: orders.purchasedAt, kind: 'timestamp' } as const;
  const request = { sort: 'created_at', order: 'desc', page: 3, size: 2 } as const;

  it('pages by number without a cursor, and by the cursor (offset 0) with one', () => {
    const byNumber = keyset(key, orders.id, request);
    expect(byNumber).toMatchObject({ after: undefined, limit: 3, offset: 4 });
    const byCursor = keyset(key, orders.id, { ...request, cursor: encodeCursor(cursor) });
    expect(byCursor.offset).toBe(0);
    expect(byCursor.after).toBeDefined();
  });

  it('refuses a cursor made for another ordering', () => {
    const raw = encodeCursor({ ...cursor, order: 'asc' });
    expect(() => keyset(key, orders.id, { ...request, cursor: raw })).toThrow(ValidationError);
  });

  it('cuts the extra row and points the next cursor at the last row kept', () => {
    const page = keyset(key, orders.id, request);
    const rows = [
      { k: 'a', id: 3 },
      { k: 'b', id: 2 },
      { k: 'c', id: 1 },
    ];
    const full = page.finish(rows, (r) => ({ key: r.k, id: r.id }));
    expect(full.rows).toEqual(rows.slice(0, 2));
    expect(decodeCursor(full.nextCursor!, { ...expected, kind: 'text' })).toMatchObject({
      key: 'b',
      id: 2,
    });
    expect(page.finish(rows.slice(0, 2), (r) => ({ key: r.k, id: r.id })).nextCursor).toBeNull();
  });
});
