import { sessionKeys } from '../session/session-keys.ts';

/**
 * Query keys of the seller's money: balance, ledger, purchase orders, bill. Every payment
 * invalidates `financeKeys.all`, so whatever screen shows money refetches it.
 */
export const financeKeys = {
  all: [...sessionKeys.all, 'finance'] as const,
  info: () => [...financeKeys.all, 'info'] as const,
  /** Outside `all`: refreshing money after a payment must not ask about the payment again. */
  payment: (outTradeNo: string) => [...sessionKeys.all, 'payment', outTradeNo] as const,
};
