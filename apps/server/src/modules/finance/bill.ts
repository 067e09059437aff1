import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { formatMinor, type BillMonth, type LedgerKind, type LedgerQuery } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { ledgerEntries } from '../../db/schema.ts';
import { toCsv } from '../../http/csv.ts';
import { renderText } from '../../i18n/render-text.ts';
import { ownedBy } from '../../tenancy.ts';
import { BUSINESS_TIME_ZONE, zonedDate, zonedDateTime, zonedDayStart } from '../../time.ts';
import { memoText } from './ledger.ts';

/** Most rows one ledger export writes. */
export const EXPORT_ROW_CAP = 50_000;

/** The instant a business calendar month begins; month is 0-based and may overflow into the next year. */
const monthStart = (year: number, month: number) => zonedDayStart(year, month + 1, 1);

const monthKey = (year: number, month: number) => `${year}-${String(month + 1).padStart(2, '0')}`;

/** `created_at` as business wall-clock time, whatever the session's time zone. */
const wallClock = sql`(${ledgerEntries.createdAt} at time zone ${BUSINESS_TIME_ZONE})`;

const SUM_FIELD: Record<LedgerKind, keyof BillMonth> = {
  recharge: 'recharge_minor',
  payment: 'payment_minor',
  refund: 'refund_minor',
  level_purchase: 'level_purchase_minor',
  freeze: 'freeze_minor',
  unfreeze: 'unfreeze_minor',
  deduction: 'deduction_minor',
};

/**
 * The year's months up to the current one: the balance at the start (the last entry before
 * it), each kind's movements as positive sums, and the balance at the end. Months without
 * entries are listed too, opening equal to closing.
 */
export async function billOfYear(ctx: Ctx, year: number, now = new Date()): Promise<BillMonth[]> {
  const [thisYear, thisMonth] = zonedDate(now).split('-').map(Number) as [number, number];
  const lastMonth = year < thisYear ? 11 : year === thisYear ? thisMonth - 1 : -1;
  if (lastMonth < 0) return [];
  const from = monthStart(year, 0);
  const to = monthStart(year, lastMonth + 1);
  const [before] = await ctx.db
    .select({ balance: ledgerEntries.balanceAfterMinor })
    .from(ledgerEntries)
    .where(and(ownedBy(ctx, ledgerEntries.sellerId), lt(ledgerEntries.createdAt, from)))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(1);
  const sums = await ctx.db
    .select({
      month: sql<string>`to_char(${wallClock}, 'YYYY-MM')`,
      kind: ledgerEntries.kind,
      moved: sql<string>`sum(abs(${ledgerEntries.amountMinor}))`,
      net: sql<string>`sum(${ledgerEntries.amountMinor})`,
      entries: sql<number>`count(*)::int`,
    })
    .from(ledgerEntries)
    .where(
      and(
        ownedBy(ctx, ledgerEntries.sellerId),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    )
    .groupBy(sql`1`, ledgerEntries.kind);

  const months: BillMonth[] = [];
  let balance = before?.balance ?? 0;
  for (let month = 0; month <= lastMonth; month++) {
    const key = monthKey(year, month);
    const row: BillMonth = {
      month: key,
      opening_minor: balance,
      recharge_minor: 0,
      payment_minor: 0,
      refund_minor: 0,
      level_purchase_minor: 0,
      freeze_minor: 0,
      unfreeze_minor: 0,
      deduction_minor: 0,
      closing_minor: balance,
      entries: 0,
    };
    for (const sum of sums.filter((s) => s.month === key)) {
      (row[SUM_FIELD[sum.kind]] as number) += Number(sum.moved);
      row.closing_minor += Number(sum.net);
      row.entries += sum.entries;
    }
    balance = row.closing_minor;
    months.push(row);
  }
  return months;
}

const CSV_COLUMNS = [
  'id',
  'time',
  'kind',
  'amount',
  'frozen_change',
  'balance_after',
  'frozen_after',
  'reference',
  'memo',
] as const;

async function ledgerCsv(ctx: Ctx, where: SQL[]): Promise<string> {
  const rows = await ctx.db
    .select()
    .from(ledgerEntries)
    .where(and(ownedBy(ctx, ledgerEntries.sellerId), ...where))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(EXPORT_ROW_CAP);
  const text = (key: string) => renderText(ctx.lang, `export.${key}`);
  return toCsv(
    CSV_COLUMNS.map((c) => text(`ledger.${c}`)),
    rows.map((r) => [
      r.id,
      zonedDateTime(r.createdAt),
      text(`ledger_kind.${r.kind}`),
      formatMinor(r.amountMinor),
      formatMinor(r.frozenDeltaMinor),
      formatMinor(r.balanceAfterMinor),
      formatMinor(r.frozenAfterMinor),
      r.refType && r.refId !== null ? `${r.refType}:${r.refId}` : '',
      memoText(ctx.lang, r),
    ]),
  );
}

/** One Beijing calendar month (`YYYY-MM`) of the ledger as CSV, newest first. */
export function billMonthCsv(ctx: Ctx, month: string): Promise<string> {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  return ledgerCsv(ctx, [
    gte(ledgerEntries.createdAt, monthStart(year, mm - 1)),
    lt(ledgerEntries.createdAt, monthStart(year, mm)),
  ]);
}

/** The ledger under the consume page's filters as CSV, newest first, at most EXPORT_ROW_CAP rows. */
export function ledgerExportCsv(
  ctx: Ctx,
  query: Omit<LedgerQuery, 'page' | 'size'>,
): Promise<string> {
  const where: SQL[] = [];
  if (query.kind) where.push(eq(ledgerEntries.kind, query.kind));
  if (query.start !== undefined)
    where.push(gte(ledgerEntries.createdAt, new Date(query.start * 1000)));
  if (query.end !== undefined) where.push(lt(ledgerEntries.createdAt, new Date(query.end * 1000)));
  return ledgerCsv(ctx, where);
}
