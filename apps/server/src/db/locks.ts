/**
 * Keys of the advisory locks (transaction-scoped `pg_advisory_xact_lock` unless said otherwise),
 * in one place so two unrelated jobs never wait on each other by sharing a number.
 */
export const LOCKS = {
  /** Session-scoped, held by one connection while the extensions and migrations run. */
  migrations: 7_204_210,
  seed: 7_204_211,
  menuEdit: 7_204_212,
  catalogSeed: 7_204_213,
  /** With the store id as the second key: one order sync per store at a time. */
  orderSync: 7_204_214,
  /** With the seller id as the second key: one UPC generation from a prefix per seller. */
  upcGenerate: 7_204_260,
} as const;
