import { sql, type SQL } from 'drizzle-orm';
import { jobs, stores } from '../db/schema.ts';

/**
 * Whether a job of `kind` for the store of the outer query (`payload.storeId`) is in one of
 * `statuses` and touched within `seconds`: the per-store jobs' guard against piling up (queued,
 * running) and their minimum interval (succeeded).
 */
export function storeJobWithin(kind: string, statuses: string[], seconds: number): SQL {
  const storeIdText = sql<string>`${jobs.payload}->>'storeId'`;
  return sql`exists (select 1 from ${jobs} where ${jobs.kind} = ${kind}
    and ${jobs.status} in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )}) and ${storeIdText} = ${stores.id}::text
    and ${jobs.updatedAt} > now() - make_interval(secs => ${seconds}))`;
}
