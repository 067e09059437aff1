import { type MessageKey } from '../../i18n/messages.ts';
import { eq, sql } from 'drizzle-orm';
import type { Language, LedgerKind } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { ledgerEntries, sellers } from '../../db/schema.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { hasText, renderText } from '../../i18n/render-text.ts';
import { noteBalance } from '../notifications/index.ts';

/** How each kind moves money: sign of the balance change and of the frozen change. */
const DIRECTION: Record<LedgerKind, { balance: 1 | -1; frozen: 1 | -1 | 0 }> = {
  recharge: { balance: 1, frozen: 0 },
  refund: { balance: 1, frozen: 0 },
  payment: { balance: -1, frozen: 0 },
  level_purchase: { balance: -1, frozen: 0 },
  deduction: { balance: -1, frozen: 0 },
  freeze: { balance: -1, frozen: 1 },
  unfreeze: { balance: 1, frozen: -1 },
};

export interface Movement {
  kind: LedgerKind;
  /** Positive minor units; the kind decides the direction. */
  amountMinor: number;
  ref?: { type: string; id: number };
  /** What it was for: a `ledger.*` key of the documents catalogue, rendered when read. */
  memo?: LedgerMemo;
}

export interface LedgerMemo {
  key: `ledger.${string}`;
  params?: Record<string, string | number>;
}

/** A ledger row's memo in `lang`; a memo stored as text (older rows) shows as it is. */
export function memoText(
  lang: Language,
  row: { memo: string; memoParams: Record<string, string | number> | null },
): string {
  if (!row.memo || !hasText(lang, row.memo)) return row.memo;
  return renderText(lang, row.memo, row.memoParams ?? {});
}

export interface Posted {
  entryId: number;
  balanceMinor: number;
  frozenMinor: number;
}

/** 409 when a movement would take the balance or the frozen amount below zero. */
export class InsufficientFundsError extends AppError {
  constructor(
    key: MessageKey = 'finance.insufficient_balance',
    data: Record<string, unknown> | null = null,
  ) {
    super(409, key, {}, data);
  }
}

/**
 * Locks the seller row for the rest of the transaction and reads its money. `NO KEY UPDATE`,
 * not `UPDATE`: every row inserted with a foreign key to the seller (the idempotency key of the
 * same request, say) holds a `KEY SHARE` lock on it, which `FOR UPDATE` waits for, so two
 * concurrent payments of one seller deadlocked on PostgreSQL. Money changes still serialise.
 */
export async function lockSellerMoney(
  tx: Executor,
  sellerId: number,
): Promise<{ balanceMinor: number; frozenMinor: number }> {
  const [row] = await tx
    .select({ balanceMinor: sellers.balanceMinor, frozenMinor: sellers.frozenMinor })
    .from(sellers)
    .where(eq(sellers.id, sellerId))
    .for('no key update');
  if (!row) throw new NotFoundError('finance.seller_not_found');
  return row;
}

/**
 * The only way money moves: locks the seller row (`lockSellerMoney`), refuses a movement that
 * would make the balance or the frozen amount negative, updates both and writes the ledger row
 * with the amounts after it; a debit that leaves the balance low tells the seller
 * (`noteBalance`). `tx` must be a transaction the caller commits.
 */
export async function post(tx: Executor, sellerId: number, movement: Movement): Promise<Posted> {
  const { kind, amountMinor } = movement;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new Error(`Ledger amounts are positive integers (got ${amountMinor})`);
  }
  const direction = DIRECTION[kind];
  const current = await lockSellerMoney(tx, sellerId);
  const balanceDelta = direction.balance * amountMinor;
  const frozenDelta = direction.frozen * amountMinor;
  const balanceMinor = current.balanceMinor + balanceDelta;
  const frozenMinor = current.frozenMinor + frozenDelta;
  if (balanceMinor < 0) throw new InsufficientFundsError();
  if (frozenMinor < 0) throw new InsufficientFundsError('finance.insufficient_frozen');

  await tx
    .update(sellers)
    .set({ balanceMinor, frozenMinor, updatedAt: sql`now()` })
    .where(eq(sellers.id, sellerId));
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      sellerId,
      kind,
      amountMinor: balanceDelta,
      frozenDeltaMinor: frozenDelta,
      balanceAfterMinor: balanceMinor,
      frozenAfterMinor: frozenMinor,
      refType: movement.ref?.type ?? null,
      refId: movement.ref?.id ?? null,
      memo: movement.memo?.key ?? '',
      memoParams: movement.memo?.params ?? null,
    })
    .returning({ id: ledgerEntries.id });
  if (balanceDelta < 0) await noteBalance({ db: tx }, sellerId, balanceMinor);
  return { entryId: entry!.id, balanceMinor, frozenMinor };
}

/** What the demo seller starts with: enough for several purchase orders. */
export const DEMO_CREDIT_MINOR = 200_000;

/** Credits the demo seller's starting balance, as a recharge with its own memo. */
export async function creditDemoBalance(tx: Executor, sellerId: number): Promise<Posted> {
  return post(tx, sellerId, {
    kind: 'recharge',
    amountMinor: DEMO_CREDIT_MINOR,
    memo: { key: 'ledger.demo_credit' },
  });
}
