import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BodyTooLargeError,
  Faults,
  readBody,
  redirect,
  sendHtml,
  sendJson,
  SignedTokens,
  parseTarget,
  startSimulator,
  type SimHandler,
} from '../http.ts';
import { SIM_TOKEN_SECRET } from '../market.ts';
import { API_METHODS } from './api.ts';
import { AlipayError, invalidParameter } from './errors.ts';
import { SIM_ALIPAY_DEFAULTS, type AlipayKeys } from './keys.ts';
import { NotifyQueue, type NotifyRecord } from './notify.ts';
import { cashierPage, errorPage, messagePage } from './pages.ts';
import {
  REQUEST_UNSIGNED,
  rsa2Sign,
  rsa2Verify,
  signContent,
  signNotifyParams,
  type AlipayParams,
} from './sign.ts';
import {
  beijingTime,
  formatYuan,
  parseYuan,
  SIM_BUYER,
  tradeNoFor,
  type SimTrade,
} from './trade.ts';

export interface AlipaySimOptions {
  /** Mount prefix, e.g. `/__sim/alipay`; the gateway is `{basePath}/gateway.do`. */
  basePath?: string;
  now?: () => Date;
  /** Replaces the committed test keys, e.g. to test a merchant with its own app key pair. */
  keys?: Partial<AlipayKeys>;
  /** Secret of the cashier-page tokens; the fixed default keeps open pages payable across restarts. */
  tokenSecret?: string;
  /**
   * Delivers notifies right after Pay and on a timer (the default); tests turn it off and call
   * `deliverPendingNotifies()` with their own clock.
   */
  autoDeliver?: boolean;
}

export interface AlipaySimulator extends SimHandler {
  /** Queue 429s, 5xx or custom bodies for the next server-to-server gateway calls. */
  faults: Faults;
  keys: AlipayKeys;
  trade(outTradeNo: string): SimTrade | undefined;
  notifies(): readonly NotifyRecord[];
  /** Sends the notifies due now (first attempts and retries); resolves when they are answered. */
  deliverPendingNotifies(): Promise<NotifyRecord[]>;
  /** Stops the delivery timer. */
  close(): void;
}

const PAGE_PAY = 'alipay.trade.page.pay';
const CASHIER_TOKEN = 'alipay-cashier.';
const CASHIER_TTL_SECONDS = 24 * 3600;
const NOTIFY_POLL_MS = 1000;

/** What the cashier page's token carries, so Pay still works after a restart. */
interface CashierClaims {
  outTradeNo: string;
  subject: string;
  body?: string;
  totalFen: number;
  notifyUrl?: string;
  returnUrl?: string;
  passbackParams?: string;
  createdAt: number;
}

/** The response key of a method: dots to underscores plus `_response` (reference 5.2). */
const responseKey = (method: string) => `${method.replaceAll('.', '_')}_response`;

/**
 * The Alipay OpenAPI v2 gateway (reference 5): RSA2-signed `alipay.trade.page.pay` with a cashier
 * page, the async notify with retries, the signed return to `return_url`, and signed
 * `alipay.trade.query` / `refund` / `close` answers.
 */
export function createAlipaySimulator(options: AlipaySimOptions = {}): AlipaySimulator {
  const basePath = (options.basePath ?? '').replace(/\/$/, '');
  const now = options.now ?? (() => new Date());
  const keys: AlipayKeys = { ...SIM_ALIPAY_DEFAULTS, ...options.keys };
  const tokens = new SignedTokens(options.tokenSecret ?? SIM_TOKEN_SECRET);
  const faults = new Faults();
  const trades = new Map<string, SimTrade>();
  const notifyQueue = new NotifyQueue((p) => signNotifyParams(p, keys.alipayPrivateKey), now);
  const autoDeliver = options.autoDeliver ?? true;
  const timer = autoDeliver
    ? setInterval(() => void notifyQueue.deliverDue(), NOTIFY_POLL_MS).unref()
    : null;

  function notifyChange(trade: SimTrade, extra: AlipayParams = {}): void {
    if (!trade.notifyUrl) return;
    const params: Record<string, string | undefined> = {
      notify_type: 'trade_status_sync',
      app_id: keys.appId,
      auth_app_id: keys.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_id: SIM_BUYER.id,
      buyer_logon_id: SIM_BUYER.logonId,
      seller_id: keys.sellerId,
      trade_status: trade.status,
      total_amount: formatYuan(trade.totalFen),
      subject: trade.subject,
      body: trade.body,
      passback_params: trade.passbackParams,
      gmt_create: beijingTime(trade.createdAt),
      gmt_close: trade.closedAt && beijingTime(trade.closedAt),
      ...extra,
    };
    if (trade.paidAt) {
      const paid = formatYuan(trade.totalFen);
      Object.assign(params, {
        receipt_amount: paid,
        invoice_amount: paid,
        buyer_pay_amount: paid,
        point_amount: '0.00',
        gmt_payment: beijingTime(trade.paidAt),
        fund_bill_list: JSON.stringify([{ amount: paid, fundChannel: 'ALIPAYACCOUNT' }]),
      });
    }
    const defined = Object.entries(params).filter((e): e is [string, string] => !!e[1]);
    notifyQueue.enqueue(trade.notifyUrl, trade.outTradeNo, Object.fromEntries(defined));
  }

  async function readParams(req: IncomingMessage, query: URLSearchParams): Promise<AlipayParams> {
    const entries = [...query];
    if (req.method === 'POST') {
      const body = (await readBody(req, 1024 * 1024)).toString('utf8');
      if ((req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        entries.push(...new URLSearchParams(body));
      }
    }
    return Object.fromEntries(entries);
  }

  /** The common-parameter and signature checks every gateway call passes first. */
  function checkRequest(params: AlipayParams): void {
    const required = [
      ['app_id', 'isv.missing-app-id'],
      ['method', 'isv.missing-method'],
      ['sign_type', 'isv.missing-signature-type'],
      ['sign', 'isv.missing-signature'],
      ['timestamp', 'isv.missing-timestamp'],
      ['version', 'isv.missing-version'],
    ] as const;
    for (const [name, subCode] of required) {
      if (!params[name]) throw new AlipayError('40001', subCode, `缺少${name}参数`);
    }
    if (params.app_id !== keys.appId) {
      throw new AlipayError('40002', 'isv.invalid-app-id', '无效的AppID参数');
    }
    if (params.sign_type !== 'RSA2') {
      throw new AlipayError('40002', 'isv.invalid-signature-type', '无效签名类型');
    }
    if (params.charset && params.charset.toLowerCase() !== 'utf-8') {
      throw new AlipayError('40002', 'isv.invalid-charset', '字符集错误');
    }
    const content = signContent(params, REQUEST_UNSIGNED);
    if (!rsa2Verify(content, params.sign!, keys.appPublicKey)) {
      throw new AlipayError(
        '40002',
        'isv.invalid-signature',
        `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${content}`,
      );
    }
  }

  function parseBizContent(params: AlipayParams): Record<string, unknown> {
    try {
      const biz: unknown = JSON.parse(params.biz_content ?? '');
      if (biz && typeof biz === 'object' && !Array.isArray(biz)) {
        return biz as Record<string, unknown>;
      }
    } catch {
      // Falls through to the refusal below.
    }
    throw invalidParameter('biz_content');
  }

  /** Signed over the exact text of the `<method>_response` value (reference 5.2). */
  function sendSigned(res: ServerResponse, method: string, answer: AlipayParams): void {
    const inner = JSON.stringify(answer);
    const sign = rsa2Sign(inner, keys.alipayPrivateKey);
    const payload = `{"${responseKey(method)}":${inner},"sign":"${sign}"}`;
    res.writeHead(200, {
      'content-type': 'application/json;charset=utf-8',
      'content-length': Buffer.byteLength(payload),
    });
    res.end(payload);
  }

  function openCashier(res: ServerResponse, params: AlipayParams): void {
    const biz = parseBizContent(params);
    const outTradeNo = biz.out_trade_no;
    if (typeof outTradeNo !== 'string' || !outTradeNo || outTradeNo.length > 64) {
      throw invalidParameter('out_trade_no');
    }
    const subject = biz.subject;
    if (typeof subject !== 'string' || !subject || subject.length > 256) {
      throw invalidParameter('subject');
    }
    const totalFen = parseYuan(biz.total_amount);
    if (totalFen === null) throw invalidParameter('total_amount');
    if (biz.product_code !== 'FAST_INSTANT_TRADE_PAY') throw invalidParameter('product_code');
    const existing = trades.get(outTradeNo);
    if (existing?.paidAt) {
      throw new AlipayError('40004', 'ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
    }
    if (existing?.status === 'TRADE_CLOSED') {
      throw new AlipayError('40004', 'ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
    }
    if (existing && (existing.totalFen !== totalFen || existing.subject !== subject)) {
      throw new AlipayError('40004', 'ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
    }
    const claims: CashierClaims = {
      outTradeNo,
      subject,
      body: typeof biz.body === 'string' ? biz.body : undefined,
      totalFen,
      notifyUrl: params.notify_url || undefined,
      returnUrl: params.return_url || undefined,
      passbackParams: typeof biz.passback_params === 'string' ? biz.passback_params : undefined,
      createdAt: (existing?.createdAt ?? now()).getTime(),
    };
    // The sim's buyer is logged in as soon as the cashier shows, so the trade exists from here on
    // (reference 5.4: before that, a query answers ACQ.TRADE_NOT_EXIST).
    tradeOf(claims);
    const token = tokens.issue(CASHIER_TOKEN, { ...claims }, CASHIER_TTL_SECONDS, now());
    sendHtml(
      res,
      200,
      cashierPage({
        formAction: { pay: `${basePath}/cashier/pay`, cancel: `${basePath}/cashier/cancel` },
        token,
        subject,
        body: claims.body,
        amount: formatYuan(totalFen),
        outTradeNo,
      }),
    );
  }

  function tradeOf(claims: CashierClaims): SimTrade {
    const existing = trades.get(claims.outTradeNo);
    if (existing) return existing;
    const createdAt = new Date(claims.createdAt);
    const trade: SimTrade = {
      appId: keys.appId,
      tradeNo: tradeNoFor(keys.appId, claims.outTradeNo, createdAt),
      outTradeNo: claims.outTradeNo,
      subject: claims.subject,
      body: claims.body,
      totalFen: claims.totalFen,
      refundedFen: 0,
      status: 'WAIT_BUYER_PAY',
      notifyUrl: claims.notifyUrl,
      returnUrl: claims.returnUrl,
      passbackParams: claims.passbackParams,
      createdAt,
      refunds: new Map(),
    };
    trades.set(trade.outTradeNo, trade);
    return trade;
  }

  /** The sync return (reference 5.3): GET params on return_url, signed like a notify. */
  function returnLocation(trade: SimTrade, returnUrl: string): string {
    const url = new URL(returnUrl);
    const params = signNotifyParams(
      {
        charset: 'utf-8',
        out_trade_no: trade.outTradeNo,
        method: 'alipay.trade.page.pay.return',
        total_amount: formatYuan(trade.totalFen),
        trade_no: trade.tradeNo,
        auth_app_id: keys.appId,
        app_id: keys.appId,
        version: '1.0',
        seller_id: keys.sellerId,
        timestamp: beijingTime(trade.paidAt ?? now()),
      },
      keys.alipayPrivateKey,
    );
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  async function cashierAction(
    req: IncomingMessage,
    res: ServerResponse,
    action: 'pay' | 'cancel',
  ): Promise<void> {
    const form = new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
    const claims = tokens.verify(CASHIER_TOKEN, form.get('token') ?? '', now());
    if (!claims || claims === 'expired') {
      sendHtml(res, 400, messagePage('Payment page expired', 'Start the payment again.'));
      return;
    }
    const trade = tradeOf(claims as unknown as CashierClaims);
    if (action === 'cancel') {
      // Real Alipay has no cancel: the buyer just leaves the cashier. The closest is going back
      // to the shop with nothing signed; the trade stays WAIT_BUYER_PAY.
      if (trade.returnUrl) redirect(res, trade.returnUrl);
      else sendHtml(res, 200, messagePage('Payment cancelled', 'You can close this page.'));
      return;
    }
    if (trade.status === 'TRADE_CLOSED' && !trade.paidAt) {
      sendHtml(res, 200, errorPage('ACQ.TRADE_HAS_CLOSE', '交易已经关闭'));
      return;
    }
    // A second click on Pay finds the trade paid: no second payment and no second notify.
    if (!trade.paidAt) {
      trade.status = 'TRADE_SUCCESS';
      trade.paidAt = now();
      notifyChange(trade);
      // The shop usually hears of the payment before the buyer lands on its return page.
      if (autoDeliver) await notifyQueue.deliverDue();
    }
    if (trade.returnUrl) redirect(res, returnLocation(trade, trade.returnUrl));
    else sendHtml(res, 200, messagePage('Payment complete', 'You can close this page.'));
  }

  async function gateway(
    req: IncomingMessage,
    res: ServerResponse,
    query: URLSearchParams,
  ): Promise<void> {
    const params = await readParams(req, query);
    const method = params.method ?? '';
    if (method === PAGE_PAY) {
      try {
        checkRequest(params);
        openCashier(res, params);
      } catch (error) {
        if (!(error instanceof AlipayError)) throw error;
        sendHtml(res, 200, errorPage(error.subCode, error.subMsg));
      }
      return;
    }
    const fault = faults.take();
    if (fault) {
      sendJson(
        res,
        fault.status,
        fault.body ?? {
          error_response: new AlipayError('20000', 'isp.unknow-error', '系统繁忙').toResponse(),
        },
        fault.headers,
      );
      return;
    }
    const api = API_METHODS[method];
    try {
      checkRequest(params);
      if (!api) throw new AlipayError('40002', 'isv.invalid-method', '不存在的方法名');
      const answer = api({ trades, now, notifyChange }, parseBizContent(params));
      sendSigned(res, method, { code: '10000', msg: 'Success', ...answer });
    } catch (error) {
      if (!(error instanceof AlipayError)) throw error;
      // Without a known method there is no response key to answer under.
      if (!api) sendJson(res, 200, { error_response: error.toResponse() });
      else sendSigned(res, method, error.toResponse());
    }
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = parseTarget(req, basePath);
    const route = `${req.method} ${target?.path ?? req.url}`;
    if (target && (route === 'GET /gateway.do' || route === 'POST /gateway.do')) {
      await gateway(req, res, target.query);
    } else if (target && route === 'POST /cashier/pay') {
      await cashierAction(req, res, 'pay');
    } else if (target && route === 'POST /cashier/cancel') {
      await cashierAction(req, res, 'cancel');
    } else {
      sendJson(res, 404, { error: `No Alipay simulator route for ${route}` });
    }
  }

  return {
    faults,
    keys,
    handle(req, res) {
      serve(req, res).catch((error: unknown) => {
        req.resume();
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const status = error instanceof BodyTooLargeError ? 413 : 500;
        sendJson(res, status, { error: error instanceof Error ? error.message : String(error) });
      });
    },
    trade: (outTradeNo) => trades.get(outTradeNo),
    notifies: () => notifyQueue.list(),
    deliverPendingNotifies: () => notifyQueue.deliverDue(),
    close() {
      if (timer) clearInterval(timer);
    },
  };
}

export interface RunningAlipaySimulator {
  /** Base URL including basePath. */
  url: string;
  /** What `AlipaySdk({ gateway })` takes. */
  gateway: string;
  simulator: AlipaySimulator;
  close(): Promise<void>;
}

/** Serves the simulator on its own port (0 = any free port), for `npm run sim` and tests. */
export async function startAlipaySimulator(
  options: AlipaySimOptions & { port?: number; host?: string } = {},
): Promise<RunningAlipaySimulator> {
  const simulator = createAlipaySimulator(options);
  const running = await startSimulator(simulator, { port: options.port, host: options.host });
  const url = `${running.url}${(options.basePath ?? '').replace(/\/$/, '')}`;
  return {
    url,
    gateway: `${url}/gateway.do`,
    simulator,
    close: async () => {
      simulator.close();
      await running.close();
    },
  };
}
