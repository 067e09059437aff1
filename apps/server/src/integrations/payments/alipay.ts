import { createSign, createVerify } from 'node:crypto';
import { SIM_ALIPAY_DEFAULTS } from '@app/sim';
import { formatMinor, majorToMinor } from '@app/shared';
import type { Config } from '../../config.ts';
import { zonedDateTime } from '../../time.ts';
import { simulatorsEnabled, simulatorUrls } from '../marketplaces/index.ts';
import {
  PaymentProviderError,
  type PagePayRequest,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
  type TradeState,
  type TradeStatus,
} from './provider.ts';

/** Reference 5.1. */
export const ALIPAY_PRODUCTION_GATEWAY = 'https://openapi.alipay.com/gateway.do';
const TIMEOUT_MS = 10_000;
const TRADE_STATUSES: readonly TradeStatus[] = [
  'WAIT_BUYER_PAY',
  'TRADE_CLOSED',
  'TRADE_SUCCESS',
  'TRADE_FINISHED',
];

export interface AlipayOptions {
  appId: string;
  /** The app's private key (PKCS#1 or PKCS#8 PEM); signs our requests. */
  privateKey: string;
  /** Alipay's public key (PEM); verifies its answers and notifies. */
  alipayPublicKey: string;
  /** Where this server calls the gateway (trade.query). */
  gateway: string;
  /** Where the buyer's browser opens it; the same as `gateway` except for a mounted simulator. */
  pageGateway?: string;
  /** The merchant PID; when set, notifies for another merchant are refused (reference 5.5 step 6). */
  sellerId?: string;
  now?: () => Date;
  fetch?: typeof fetch;
}

type Params = Record<string, string>;

/**
 * The string Alipay signs (reference 5.2 and 5.5): every parameter but `unsigned`, sorted by
 * key, `k=v` with raw values joined by `&`; empty values are left out as Alipay's own check does.
 */
export function signContent(params: Params, unsigned: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !unsigned.includes(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** RSA2 = SHA256withRSA, base64 (reference 5.2 step 4). */
export function rsa2Sign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

export function rsa2Verify(content: string, sign: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, sign, 'base64');
  } catch {
    return false;
  }
}

/**
 * The exact text of the value of `"<key>":` in a JSON document: the response signature covers
 * those bytes, not a re-serialization (reference 5.2).
 */
export function rawJsonValue(text: string, key: string): string | null {
  const marker = `"${key}":`;
  const at = text.indexOf(marker);
  if (at < 0) return null;
  const start = text.indexOf('{', at + marker.length);
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

function tradeStatusOf(value: unknown): TradeStatus | null {
  return TRADE_STATUSES.includes(value as TradeStatus) ? (value as TradeStatus) : null;
}

/** Alipay's OpenAPI v2 gateway (reference 5), signed with RSA2. */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay';
  private readonly now: () => Date;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: AlipayOptions) {
    this.now = options.now ?? (() => new Date());
    this.fetch = options.fetch ?? fetch;
  }

  /** Common parameters plus `sign` over all of them, `sign_type` included (reference 5.2). */
  private signed(method: string, extra: Params): Params {
    const params: Params = {
      app_id: this.options.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      // The gateway's `timestamp` is `yyyy-MM-dd HH:mm:ss` in Beijing time.
      timestamp: zonedDateTime(this.now()),
      version: '1.0',
      ...extra,
    };
    return { ...params, sign: rsa2Sign(signContent(params, ['sign']), this.options.privateKey) };
  }

  pagePayUrl(request: PagePayRequest): string {
    const params = this.signed('alipay.trade.page.pay', {
      notify_url: request.notifyUrl,
      ...(request.returnUrl ? { return_url: request.returnUrl } : {}),
      biz_content: JSON.stringify({
        out_trade_no: request.outTradeNo,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        total_amount: formatMinor(request.amountMinor),
        subject: request.subject,
      }),
    });
    return `${this.options.pageGateway ?? this.options.gateway}?${new URLSearchParams(params)}`;
  }

  /**
   * One gateway call: common parameters in the query string, biz_content in the form body
   * (reference 5.2); the answer's signature is checked over its raw JSON text.
   */
  private async call(
    method: string,
    biz: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const { biz_content: bizContent, ...common } = this.signed(method, {
      biz_content: JSON.stringify(biz),
    });
    let text: string;
    try {
      const response = await this.fetch(`${this.options.gateway}?${new URLSearchParams(common)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams({ biz_content: bizContent! }).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await response.text();
      if (!response.ok) throw new PaymentProviderError(`Alipay answered HTTP ${response.status}`);
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      throw new PaymentProviderError(`Alipay unreachable: ${(error as Error).message}`);
    }
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    const raw = rawJsonValue(text, responseKey);
    if (!raw) throw new PaymentProviderError(`Alipay answered without a ${method} response`);
    const sign = (JSON.parse(text) as { sign?: unknown }).sign;
    if (typeof sign !== 'string' || !rsa2Verify(raw, sign, this.options.alipayPublicKey)) {
      throw new PaymentProviderError('Alipay response signature does not verify');
    }
    return JSON.parse(raw) as Record<string, unknown>;
  }

  private failed(method: string, answer: Record<string, unknown>): PaymentProviderError {
    return new PaymentProviderError(
      `Alipay ${method} failed: ${String(answer.sub_code ?? answer.code)} ${String(answer.sub_msg ?? answer.msg)}`,
      String(answer.sub_code ?? answer.code),
    );
  }

  async queryTrade(outTradeNo: string): Promise<TradeState | null> {
    const answer = await this.call('alipay.trade.query', { out_trade_no: outTradeNo });
    if (answer.code !== '10000') {
      if (answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
      throw this.failed('trade.query', answer);
    }
    return this.tradeOf({
      out_trade_no: answer.out_trade_no,
      trade_no: answer.trade_no,
      trade_status: answer.trade_status,
      total_amount: answer.total_amount,
    });
  }

  async refundTrade(request: RefundRequest): Promise<RefundResult> {
    const answer = await this.call('alipay.trade.refund', {
      out_trade_no: request.outTradeNo,
      refund_amount: formatMinor(request.amountMinor),
      out_request_no: request.outRequestNo,
      ...(request.reason ? { refund_reason: request.reason } : {}),
    });
    if (answer.code !== '10000') throw this.failed('trade.refund', answer);
    return {
      outTradeNo: String(answer.out_trade_no ?? request.outTradeNo),
      tradeNo: typeof answer.trade_no === 'string' ? answer.trade_no : '',
      refundedMinor: majorToMinor(answer.refund_fee as string | undefined, 'CNY') ?? 0,
      fundChange: answer.fund_change === 'Y',
    };
  }

  verifyNotify(params: Record<string, string>): TradeState | null {
    // Reference 5.5: verify over everything but `sign` and `sign_type`, values as decoded by the
    // form parser; then the app and the merchant must be ours.
    const { sign } = params;
    if (!sign) return null;
    if (
      !rsa2Verify(signContent(params, ['sign', 'sign_type']), sign, this.options.alipayPublicKey)
    ) {
      return null;
    }
    if (params.app_id !== this.options.appId) return null;
    if (this.options.sellerId && params.seller_id !== this.options.sellerId) return null;
    return this.tradeOf(params);
  }

  private tradeOf(fields: Record<string, unknown>): TradeState | null {
    const status = tradeStatusOf(fields.trade_status);
    const amountMinor = majorToMinor(fields.total_amount as string | undefined, 'CNY');
    const outTradeNo = fields.out_trade_no;
    if (!status || amountMinor === null || typeof outTradeNo !== 'string') return null;
    return {
      outTradeNo,
      tradeNo: typeof fields.trade_no === 'string' ? fields.trade_no : '',
      status,
      amountMinor,
      paid: status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED',
    };
  }
}

/** Keys from the environment may carry `\n` escapes instead of line breaks. */
const pem = (value: string) => value.replaceAll('\\n', '\n');

/**
 * Alipay with the merchant's credentials; otherwise, while simulators are on, the simulator's
 * test keys and its gateway mounted at `/__sim/alipay` (or ALIPAY_GATEWAY); otherwise none.
 */
export function createPaymentProvider(config: Config): PaymentProvider | null {
  if (config.ALIPAY_APP_ID && config.ALIPAY_PRIVATE_KEY && config.ALIPAY_PUBLIC_KEY) {
    return new AlipayProvider({
      appId: config.ALIPAY_APP_ID,
      privateKey: pem(config.ALIPAY_PRIVATE_KEY),
      alipayPublicKey: pem(config.ALIPAY_PUBLIC_KEY),
      gateway: config.ALIPAY_GATEWAY ?? ALIPAY_PRODUCTION_GATEWAY,
    });
  }
  if (!simulatorsEnabled(config)) return null;
  const urls = simulatorUrls(config);
  return new AlipayProvider({
    appId: SIM_ALIPAY_DEFAULTS.appId,
    privateKey: SIM_ALIPAY_DEFAULTS.appPrivateKey,
    alipayPublicKey: SIM_ALIPAY_DEFAULTS.alipayPublicKey,
    sellerId: SIM_ALIPAY_DEFAULTS.sellerId,
    gateway: config.ALIPAY_GATEWAY ?? `${urls.internal}/alipay/gateway.do`,
    pageGateway: config.ALIPAY_GATEWAY ?? `${urls.public}/alipay/gateway.do`,
  });
}
