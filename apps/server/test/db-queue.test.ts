import pg from 'pg';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { scratchDatabase } from './helper.ts';

/**
 * Services read several things at once inside transactions, and a transaction is one connection:
 * pg queued those calls itself with a deprecation warning ("client.query() when the client is
 * already executing a query", refused in pg 9), seen on every PostgreSQL server's log.
 */
it.skipIf(!process.env.TEST_DATABASE_URL)(
  'sends a connection its next query only after the last one answered',
  async () => {
    let inFlight = 0;
    let most = 0;
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (!(answer instanceof Promise)) return answer as never;
      most = Math.max(most, ++inFlight);
      return answer.finally(() => inFlight--) as never;
    });
    const scratch = await scratchDatabase();
    const database = await scratch.open();
    try {
      const slept = await database.db.transaction((tx) =>
        Promise.all(
          [1, 2, 3].map((n) => tx.execute(sql`SELECT ${n}::int AS n, pg_sleep(0.05) AS s`)),
        ),
      );
      expect(slept.map((r) => r.rows[0]?.n)).toEqual([1, 2, 3]);
      expect(most).toBe(1);
    } finally {
      spy.mockRestore();
      await database.close();
      await scratch.remove();
    }
  },
  60_000,
);
