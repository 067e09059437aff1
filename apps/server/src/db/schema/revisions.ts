import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Change counters for data that processes cache (the menu trees): a writer bumps the counter in
 * its transaction, a reader compares one small row instead of reloading everything.
 */
export const revisions = pgTable('revisions', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});
