import { randomBytes } from 'node:crypto';
import type { AlipayParams } from './sign.ts';
import { beijingTime } from './trade.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Waits after each unacknowledged attempt: 8 attempts within 25 hours (reference 5.5, Antom docs). */
export const NOTIFY_RETRY_DELAYS_MS = [
  2 * MINUTE,
  10 * MINUTE,
  10 * MINUTE,
  HOUR,
  2 * HOUR,
  6 * HOUR,
  15 * HOUR,
] as const;

export interface NotifyRecord {
  notifyId: string;
  url: string;
  outTradeNo: string;
  /** Everything but `notify_time`, `sign_type` and `sign`, which each attempt sets afresh. */
  params: AlipayParams;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  /** The merchant's answer to the last attempt, or the network error. */
  lastAnswer?: string;
}

/**
 * Async notifies waiting for a plain-text `success`: anything else, or no answer, is retried on
 * Alipay's schedule, then given up.
 */
export class NotifyQueue {
  private readonly records: NotifyRecord[] = [];
  private readonly sending = new Set<NotifyRecord>();

  constructor(
    private readonly sign: (params: AlipayParams) => AlipayParams,
    private readonly now: () => Date,
  ) {}

  enqueue(url: string, outTradeNo: string, params: AlipayParams): NotifyRecord {
    const record: NotifyRecord = {
      notifyId: randomBytes(16).toString('hex'),
      url,
      outTradeNo,
      params,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: this.now(),
    };
    this.records.push(record);
    return record;
  }

  list(): readonly NotifyRecord[] {
    return this.records;
  }

  /** Sends every notify that is due now and not already on its way; resolves with them answered. */
  async deliverDue(): Promise<NotifyRecord[]> {
    const due = this.records.filter(
      (r) => r.status === 'pending' && !this.sending.has(r) && r.nextAttemptAt <= this.now(),
    );
    await Promise.all(due.map((record) => this.attempt(record)));
    return due;
  }

  private async attempt(record: NotifyRecord): Promise<void> {
    this.sending.add(record);
    const params = this.sign({
      ...record.params,
      notify_id: record.notifyId,
      notify_time: beijingTime(this.now()),
    });
    try {
      const response = await fetch(record.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      const answer = (await response.text()).trim();
      record.lastAnswer = `${response.status} ${answer.slice(0, 200)}`;
      if (response.ok && answer === 'success') record.status = 'delivered';
    } catch (error) {
      record.lastAnswer = error instanceof Error ? error.message : String(error);
    } finally {
      record.attempts++;
      this.sending.delete(record);
    }
    if (record.status === 'delivered') return;
    const delay = NOTIFY_RETRY_DELAYS_MS[record.attempts - 1];
    if (delay === undefined) record.status = 'failed';
    else record.nextAttemptAt = new Date(this.now().getTime() + delay);
  }
}
