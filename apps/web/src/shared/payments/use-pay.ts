import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountPayInput,
  AccountPayResult,
  AlipayOrderInput,
  AlipayPayment,
  AlipayRechargeInput,
  BatchAccountPayInput,
  BatchAccountPayResult,
  BatchAlipayOrderInput,
  PaymentState,
} from '@app/shared';
import { api } from '../../api/client.ts';
import { financeKeys } from './finance-keys.ts';

/**
 * A paying call's input with the `Idempotency-Key` of the user's intent: make one with
 * `newIntentKey()` when the dialog opens (or the button is pressed) and send it again on a
 * retry, so the server answers the first result instead of charging twice.
 */
export interface Paying<I> {
  input: I;
  idempotencyKey: string;
}

export function newIntentKey(): string {
  return crypto.randomUUID();
}

export const accountPay = ({ input, idempotencyKey }: Paying<AccountPayInput>) =>
  api.post<AccountPayResult>('/pay/accountPay', input, { idempotencyKey });
export const batchAccountPay = ({ input, idempotencyKey }: Paying<BatchAccountPayInput>) =>
  api.post<BatchAccountPayResult>('/pay/batchAccountPay', input, { idempotencyKey });
export const alipayRecharge = ({ input, idempotencyKey }: Paying<AlipayRechargeInput>) =>
  api.post<AlipayPayment>('/pay/alipay', input, { idempotencyKey });
export const alipayOrder = ({ input, idempotencyKey }: Paying<AlipayOrderInput>) =>
  api.post<AlipayPayment>('/pay/alipayOrder', input, { idempotencyKey });
export const batchAlipayOrder = ({ input, idempotencyKey }: Paying<BatchAlipayOrderInput>) =>
  api.post<AlipayPayment>('/pay/batchAlipayOrder', input, { idempotencyKey });

/** Asks the server, which asks Alipay while the trade is pending. */
export const queryPayment = (outTradeNo: string, signal?: AbortSignal) =>
  api.get<PaymentState>('/pay/query', { out_trade_no: outTradeNo }, { signal });

/** A paying mutation that refreshes every money figure once it succeeds. */
function usePayMutation<I, O>(call: (paying: Paying<I>) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

/** Pays one purchase order from the balance (pay password required). */
export const useAccountPay = () => usePayMutation(accountPay);
/** Pays several purchase orders from the balance, all or none. */
export const useBatchAccountPay = () => usePayMutation(batchAccountPay);
/** Starts an Alipay trade for one order; open its `pay_url` with `leaveApp`. */
export const useAlipayOrder = () => usePayMutation(alipayOrder);
/** Starts one Alipay trade for several orders. */
export const useBatchAlipayOrder = () => usePayMutation(batchAlipayOrder);
/** Starts an Alipay trade that recharges the balance. */
export const useAlipayRecharge = () => usePayMutation(alipayRecharge);
