import { createHash } from 'node:crypto';
import type { TrackingEvent } from '@app/shared';
import { zonedWallTime } from '../../time.ts';
import { TrackingError, type Tracking, type TrackingProvider } from './provider.ts';

/**
 * Kuaidi100 carrier codes (its company code table) for the carriers of `LOGISTICS_CHANNELS`:
 * 燕文物流 yw56, 递四方 disifang, 菜鸟国际 cainiaoglobal, YunExpress yuntrack, 国际包裹
 * youzhengguoji, dhl小包 dhlecommerce, 顺丰速运 shunfeng, 极兔国际 jet; and the carriers Amazon names in
 * FBA inbound transportation options (UPS, FedEx). Kuaidi100 has no code for
 * Shopee Xpress (Shopee tracks its own parcels): it and any other carrier are asked by the name
 * in lower case without spaces, which Kuaidi100 refuses as an unknown company, and the package
 * keeps that answer as its poll error.
 */
const CARRIER_CODES: Record<string, string> = {
  Yanwen: 'yw56',
  '4PX': 'disifang',
  Cainiao: 'cainiaoglobal',
  YunExpress: 'yuntrack',
  'China Post': 'youzhengguoji',
  'DHL eCommerce': 'dhlecommerce',
  UPS: 'ups',
  USPS: 'usps',
  // Carriers as Amazon's inbound transportation options name them (FBA shipments).
  'United Parcel Service Inc.': 'ups',
  FedEx: 'fedex',
  'SF Express': 'shunfeng',
  'J&T Express': 'jet',
};

export function kuaidi100Code(carrier: string): string {
  return CARRIER_CODES[carrier] ?? carrier.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Kuaidi100's `state`: 3 signed for; 4 refused, 6 returned, 14 refused by the recipient; 2 and 13 trouble. */
function statusOf(state: string): Tracking['status'] {
  if (state === '3') return 'delivered';
  if (state === '4' || state === '6' || state === '14') return 'returned';
  if (state === '2' || state === '13') return 'exception';
  return 'in_transit';
}

interface Kuaidi100Answer {
  result?: boolean;
  returnCode?: string;
  message?: string;
  state?: string;
  data?: Array<{ time?: string; context?: string; location?: string; areaName?: string }>;
}

export interface Kuaidi100Options {
  /** `https://poll.kuaidi100.com`, or the simulator's base. */
  url: string;
  customer: string;
  key: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Kuaidi100's real-time query: `POST /poll/query.do` as a form of `customer`, `param` (the JSON
 * `{com, num}`) and `sign` = upper-case MD5(param + key + customer). Its event times are
 * Beijing wall-clock times. A refusal (`result: false`, e.g. 503 bad sign, 500 no result yet)
 * and HTTP or network failures are `TrackingError`s.
 */
export function createKuaidi100(options: Kuaidi100Options): TrackingProvider {
  const doFetch = options.fetch ?? fetch;
  const endpoint = `${options.url.replace(/\/$/, '')}/poll/query.do`;
  return {
    async track(carrier, trackingNo) {
      const param = JSON.stringify({ com: kuaidi100Code(carrier), num: trackingNo });
      const sign = createHash('md5')
        .update(param + options.key + options.customer)
        .digest('hex')
        .toUpperCase();
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ customer: options.customer, sign, param }).toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new TrackingError(`Kuaidi100 unreachable: ${(error as Error).message}`, null);
      }
      if (!response.ok) throw new TrackingError(`Kuaidi100 HTTP ${response.status}`, null);
      const answer = (await response.json().catch(() => ({}))) as Kuaidi100Answer;
      if (answer.result === false || !answer.data) {
        throw new TrackingError(answer.message ?? 'Kuaidi100 refused', answer.returnCode ?? null);
      }
      const events: TrackingEvent[] = answer.data.map((e) => ({
        time: Math.floor(zonedWallTime(e.time ?? '').getTime() / 1000),
        location: e.location ?? e.areaName ?? '',
        description: e.context ?? '',
      }));
      return { status: statusOf(answer.state ?? '0'), events };
    },
  };
}
