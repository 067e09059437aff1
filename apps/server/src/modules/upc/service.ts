import { and, asc, count, desc, eq, inArray, like, sql } from 'drizzle-orm';
import {
  checkGtin,
  UPC_IMPORT_ROWS_SHOWN,
  withCheckDigit,
  type GenerateMyUpcInput,
  type GenerateMyUpcResult,
  type GenerateUpcInput,
  type GenerateUpcResult,
  type UpcCode,
  type UpcCounts,
  type UpcImportResult,
  type UpcImportRow,
  type UpcPage,
  type UpcQuery,
  type UpcResetInput,
  type UpcResetRefusal,
  type UpcResetResult,
  type UpcRowResult,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { LOCKS } from '../../db/locks.ts';
import { withTransaction } from '../../db/tx.ts';
import { upcCodes } from '../../db/schema.ts';
import { ValidationError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { containsPattern } from '../goods-library/service.ts';
import { FREED } from './pool.ts';
import type { CodeRow } from './read-codes.ts';

type Row = typeof upcCodes.$inferSelect;

const unixOrNull = (d: Date | null) => (d ? unixSeconds(d) : null);

const toUpcCode = (row: Row): UpcCode => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  state: row.state,
  source: row.source,
  listing_id: row.listingId,
  used_ref: row.usedRef,
  used_at: unixOrNull(row.usedAt),
  published_at: unixOrNull(row.publishedAt),
  listing_gone_at: unixOrNull(row.listingGoneAt),
  created_at: unixSeconds(row.createdAt),
});

/** Rows per INSERT of generated codes: five parameters each stays below PostgreSQL's 65,535. */
const INSERT_BATCH = 5000;
/**
 * Codes per import statement. An import sends its codes as one comma-joined text parameter
 * unnested in SQL: building 100,000 bound rows in drizzle cost more than the insert itself.
 */
const IMPORT_BATCH = 25_000;

export async function countCodes(ctx: Ctx): Promise<UpcCounts> {
  const rows = await ctx.db
    .select({ state: upcCodes.state, n: count() })
    .from(upcCodes)
    .where(ownedBy(ctx, upcCodes.sellerId))
    .groupBy(upcCodes.state);
  const counts: UpcCounts = { free: 0, used: 0, void: 0, total: 0 };
  for (const r of rows) {
    counts[r.state] = r.n;
    counts.total += r.n;
  }
  return counts;
}

/** Newest first; the keyword matches digits anywhere in the code. */
export async function listCodes(ctx: Ctx, q: UpcQuery): Promise<UpcPage> {
  const where = and(
    ownedBy(ctx, upcCodes.sellerId),
    q.state ? eq(upcCodes.state, q.state) : undefined,
    q.kind ? eq(upcCodes.kind, q.kind) : undefined,
    q.keyword ? like(upcCodes.code, containsPattern(q.keyword)) : undefined,
  );
  const [rows, [counted], counts] = await Promise.all([
    ctx.db
      .select()
      .from(upcCodes)
      .where(where)
      .orderBy(desc(upcCodes.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(upcCodes).where(where),
    countCodes(ctx),
  ]);
  return {
    list: rows.map(toUpcCode),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
    counts,
  };
}

/**
 * Checks every row, then inserts the valid codes in batches with ON CONFLICT DO NOTHING: a
 * code the seller already has is a `duplicate`, and so is the second of two equal rows.
 * Valid rows go in whatever the others hold.
 */
export async function importCodes(ctx: Ctx, input: CodeRow[]): Promise<UpcImportResult> {
  const sellerId = sellerIdOf(ctx);
  const results: UpcRowResult[] = new Array<UpcRowResult>(input.length);
  const fresh = new Map<string, number>(); // gtin13 → index into input
  const valid: string[] = [];
  input.forEach((r, i) => {
    const checked = checkGtin(r.code);
    if (!checked.ok) {
      results[i] = checked.reason;
    } else if (fresh.has(checked.gtin13)) {
      results[i] = 'duplicate';
    } else {
      fresh.set(checked.gtin13, i);
      results[i] = 'duplicate'; // until the insert says otherwise
      valid.push(r.code.trim());
    }
  });
  await withTransaction(ctx, async (tx) => {
    for (let i = 0; i < valid.length; i += IMPORT_BATCH) {
      // One text parameter per batch: checked digits only, so the comma cannot occur inside.
      const inserted = await tx.db.execute<{ gtin13: string }>(sql`
        insert into ${upcCodes} (seller_id, code, gtin13, kind, source)
        select ${sellerId}, c, lpad(c, 13, '0'), case length(c) when 12 then 'upc' else 'ean' end, 'import'
        from unnest(string_to_array(${valid.slice(i, i + IMPORT_BATCH).join(',')}, ',')) as c
        on conflict (seller_id, gtin13) do nothing
        returning gtin13`);
      for (const r of inserted.rows) results[fresh.get(r.gtin13)!] = 'imported';
    }
  });
  return summarise(input, results);
}

function summarise(input: CodeRow[], results: UpcRowResult[]): UpcImportResult {
  const counts = { imported: 0, duplicate: 0, bad_check_digit: 0, wrong_length: 0, not_digits: 0 };
  for (const r of results) counts[r]++;
  const showAll = input.length <= UPC_IMPORT_ROWS_SHOWN;
  const rows: UpcImportRow[] = [];
  let truncated = false;
  for (let i = 0; i < input.length; i++) {
    if (!showAll && results[i] === 'imported') continue;
    if (rows.length >= UPC_IMPORT_ROWS_SHOWN) {
      truncated = true;
      break;
    }
    rows.push({ row: input[i]!.row, code: input[i]!.code, result: results[i]! });
  }
  return { total: input.length, counts, rows, rows_truncated: truncated };
}

/** One refusal reason per code, or null when `action` applies to it. */
function refusalOf(row: Row | undefined, action: UpcResetInput['action']): UpcResetRefusal | null {
  if (!row) return 'not_found';
  if (action === 'free') {
    if (row.state === 'free') return 'already_free';
    if (row.state === 'used' && row.publishedAt && !row.listingGoneAt) return 'published';
    return null;
  }
  return row.state === 'used' ? 'in_use' : null;
}

/**
 * Frees, voids or deletes the selected codes, each on its own merit: a used code is freed only
 * when its listing was deleted or never sent to a marketplace, and is never voided or deleted
 * while used. Rows are locked first so a publish taking one of them waits or skips it.
 */
export async function resetCodes(ctx: Ctx, input: UpcResetInput): Promise<UpcResetResult> {
  const ids = [...new Set(input.ids)];
  return withTransaction(ctx, async (tx) => {
    const rows = await tx.db
      .select()
      .from(upcCodes)
      .where(and(ownedBy(tx, upcCodes.sellerId), inArray(upcCodes.id, ids)))
      .orderBy(asc(upcCodes.id))
      .for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const results = ids.map((id) => ({
      id,
      ok: false,
      reason: refusalOf(byId.get(id), input.action),
    }));
    const chosen = results.filter((r) => r.reason === null).map((r) => r.id);
    for (const r of results) r.ok = r.reason === null;
    if (chosen.length > 0) {
      const mine = and(ownedBy(tx, upcCodes.sellerId), inArray(upcCodes.id, chosen));
      if (input.action === 'delete') await tx.db.delete(upcCodes).where(mine);
      else if (input.action === 'void')
        await tx.db.update(upcCodes).set({ state: 'void' }).where(mine);
      else await tx.db.update(upcCodes).set(FREED).where(mine);
    }
    return { results };
  });
}

/**
 * A preview of the free codes publishing would take next (oldest first). Nothing is reserved:
 * a reservation made from a screen has no one to give it back, while the publish takes its code
 * inside its own transaction (`takeFreeCode`).
 */
export async function previewFreeCodes(
  ctx: Ctx,
  input: GenerateUpcInput,
): Promise<GenerateUpcResult> {
  const where = and(
    ownedBy(ctx, upcCodes.sellerId),
    eq(upcCodes.state, 'free'),
    input.kind ? eq(upcCodes.kind, input.kind) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ id: upcCodes.id, code: upcCodes.code, kind: upcCodes.kind })
      .from(upcCodes)
      .where(where)
      .orderBy(asc(upcCodes.id))
      .limit(input.count),
    ctx.db.select({ n: count() }).from(upcCodes).where(where),
  ]);
  return { codes: rows, available: counted?.n ?? 0 };
}

/**
 * Codes from the seller's GS1 company prefix: item references count up from `start`; one whose
 * code is already in the pool is skipped. The new codes join the pool as free, `generated`.
 */
export async function generateFromPrefix(
  ctx: Ctx,
  input: GenerateMyUpcInput,
): Promise<GenerateMyUpcResult> {
  const sellerId = sellerIdOf(ctx);
  const bodyLength = input.kind === 'upc' ? 11 : 12;
  const refDigits = bodyLength - input.prefix.length;
  if (refDigits < 0 || (input.kind === 'upc' && input.prefix.length > 11)) {
    throw new ValidationError({ prefix: 'upc.prefix_too_long' });
  }
  const capacity = 10 ** refDigits;
  if (input.start >= capacity) {
    throw new ValidationError({
      start: { key: 'upc.start_out_of_range', params: { last: capacity - 1 } },
    });
  }
  return withTransaction(ctx, async (tx) => {
    // One generation per seller at a time, so two cannot pick the same free references.
    await tx.db.execute(
      sql`select pg_advisory_xact_lock(${LOCKS.upcGenerate}::int, ${sellerId}::int)`,
    );
    // Same prefix, same length: the only codes a new one could collide with.
    const padded = input.kind === 'upc' ? `0${input.prefix}` : input.prefix;
    const existing = new Set(
      (
        await tx.db
          .select({ gtin13: upcCodes.gtin13 })
          .from(upcCodes)
          .where(and(ownedBy(tx, upcCodes.sellerId), like(upcCodes.gtin13, containsPrefix(padded))))
      ).map((r) => r.gtin13),
    );
    const codes: string[] = [];
    let skipped = 0;
    for (let ref = input.start; ref < capacity && codes.length < input.count; ref++) {
      const code = withCheckDigit(`${input.prefix}${String(ref).padStart(refDigits, '0')}`);
      if (existing.has(code.padStart(13, '0'))) skipped++;
      else codes.push(code);
    }
    if (codes.length < input.count) {
      throw new ValidationError({
        count: {
          key: 'upc.not_enough_codes',
          params: { count: codes.length, start: input.start },
        },
      });
    }
    for (let i = 0; i < codes.length; i += INSERT_BATCH) {
      await tx.db.insert(upcCodes).values(
        codes.slice(i, i + INSERT_BATCH).map((code) => ({
          sellerId,
          code,
          gtin13: code.padStart(13, '0'),
          kind: input.kind,
          source: 'generated' as const,
        })),
      );
    }
    return { codes, skipped };
  });
}

const containsPrefix = (prefix: string) => `${prefix}%`;
