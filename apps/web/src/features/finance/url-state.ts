import { LedgerQuery, PurchaseOrderQuery } from '@app/shared';
import { readQueryWith, writeQueryWith } from '../../shared/url-query.ts';

/** Filters and paging live in the URL, so a reload or a shared link reopens the same view. */
const ORDER_KEYS = ['status', 'keyword', 'page', 'size'] as const;
const LEDGER_KEYS = ['kind', 'start', 'end', 'page', 'size'] as const;
const ORDER_DEFAULTS = PurchaseOrderQuery.parse({});
const LEDGER_DEFAULTS = LedgerQuery.parse({});

export function readOrderQuery(params: URLSearchParams): PurchaseOrderQuery {
  return readQueryWith(PurchaseOrderQuery, ORDER_KEYS, params);
}

export function writeOrderQuery(query: PurchaseOrderQuery): URLSearchParams {
  return writeQueryWith(query, ORDER_DEFAULTS);
}

export function readLedgerQuery(params: URLSearchParams): LedgerQuery {
  return readQueryWith(LedgerQuery, LEDGER_KEYS, params);
}

export function writeLedgerQuery(query: LedgerQuery): URLSearchParams {
  return writeQueryWith(query, LEDGER_DEFAULTS);
}
