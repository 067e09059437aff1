import { createHash } from 'node:crypto';
import {
  readBody,
  sendJson,
  startSimulator,
  type RunningSimulator,
  type SimHandler,
} from '../http.ts';

/** The simulator's account: what `customer` and the signing key are in demo mode and tests. */
export const SIM_KUAIDI100_DEFAULTS = {
  customer: 'SIMCUSTOMER0000000000000000000001',
  key: 'simkuaidi100key',
  /** Seconds between a parcel's events (the demo delivers in five steps). */
  stepSeconds: 60,
} as const;

export interface Kuaidi100SimOptions {
  /** Mount prefix, e.g. `/__sim/kuaidi100`; empty when the simulator has its own port. */
  basePath?: string;
  customer?: string;
  key?: string;
  /** Seconds between a parcel's events: how fast parcels travel. */
  stepSeconds?: number;
  /**
   * The carrier knows a parcel from the first query for it (true, the demo: the factory's
   * hand-over is not simulated); false: only parcels given to `handOver` are known.
   */
  autoHandOver?: boolean;
  now?: () => number;
}

export interface Kuaidi100Simulator extends SimHandler {
  /** The carrier takes a parcel at `at` (ms; default now): its events start there. */
  handOver(com: string, num: string, at?: number): void;
  stats: { queries: number };
}

/**
 * A parcel's journey; `state` is Kuaidi100's (1 picked up, 0 in transit, 5 out for delivery,
 * 3 signed for). A number containing `STUCK` never gets past its first scan.
 */
const JOURNEY = [
  { state: '1', location: '广东省深圳市', context: '【深圳市】快件已揽收' },
  {
    state: '0',
    location: '广东省深圳市',
    context: '【深圳转运中心】已发出，下一站【国际出口互换局】',
  },
  { state: '0', location: '上海市', context: '出口清关完成，航班已起飞' },
  {
    state: '0',
    location: 'Los Angeles, US',
    context: 'Arrived at destination country sorting centre',
  },
  { state: '5', location: 'Los Angeles, US', context: 'Out for delivery' },
  { state: '3', location: 'Los Angeles, US', context: 'Delivered, signed for by the recipient' },
] as const;

/**
 * Codes of Kuaidi100's company code table the simulator carries: the cross-border carriers of
 * the platform's channels and the common domestic and express ones. Any other code is refused
 * as Kuaidi100 refuses a company it does not know.
 */
const CARRIERS = new Set([
  // Cross-border: 燕文, 递四方, 菜鸟国际, 云途, 中国邮政国际包裹, DHL 小包, 极兔国际.
  'yw56',
  'disifang',
  'cainiaoglobal',
  'yuntrack',
  'youzhengguoji',
  'dhlecommerce',
  'jet',
  // Domestic: 顺丰, 圆通, 中通, 申通, 韵达, EMS, 京东, 邮政包裹, 极兔.
  'shunfeng',
  'yuantong',
  'zhongtong',
  'shentong',
  'yunda',
  'ems',
  'jd',
  'youzhengguonei',
  'jtexpress',
  // Express and destination carriers.
  'dhl',
  'dhlen',
  'fedex',
  'ups',
  'usps',
]);

/** `yyyy-MM-dd HH:mm:ss` in Beijing time, as Kuaidi100 writes every event. */
function beijing(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/**
 * Kuaidi100's real-time query (`POST /poll/query.do`, form `customer`, `sign`, `param`): the
 * sign is MD5(param + key + customer) in upper case, `param` the JSON `{com, num}`. A bad
 * customer or sign, an unknown carrier code and an unknown number are refused with
 * `result: false` and the service's return codes; a known parcel answers its events so far,
 * newest first, one more every `stepSeconds` since it was handed over.
 */
export function createKuaidi100Simulator(options: Kuaidi100SimOptions = {}): Kuaidi100Simulator {
  const base = options.basePath ?? '';
  const customer = options.customer ?? SIM_KUAIDI100_DEFAULTS.customer;
  const key = options.key ?? SIM_KUAIDI100_DEFAULTS.key;
  const stepMs = (options.stepSeconds ?? SIM_KUAIDI100_DEFAULTS.stepSeconds) * 1000;
  const now = options.now ?? Date.now;
  const parcels = new Map<string, number>();
  const stats = { queries: 0 };
  const refusal = (returnCode: string, message: string) => ({ result: false, returnCode, message });

  function query(form: URLSearchParams): unknown {
    const param = form.get('param') ?? '';
    if (form.get('customer') !== customer) return refusal('601', 'customer 不存在或已过期');
    const expected = createHash('md5')
      .update(param + key + customer)
      .digest('hex')
      .toUpperCase();
    if (form.get('sign') !== expected) return refusal('503', '验证签名失败');
    let parsed: { com?: unknown; num?: unknown };
    try {
      parsed = JSON.parse(param) as { com?: unknown; num?: unknown };
    } catch {
      return refusal('400', '提交的数据不完整，或者贵公司没授权');
    }
    const com = typeof parsed.com === 'string' ? parsed.com : '';
    const num = typeof parsed.num === 'string' ? parsed.num.toUpperCase() : '';
    if (!CARRIERS.has(com)) return refusal('400', '找不到对应公司');
    if (!/^[A-Z0-9-]{6,32}$/.test(num)) return refusal('400', '提交的数据不完整，或者贵公司没授权');
    let since = parcels.get(`${com}:${num}`);
    if (since === undefined && options.autoHandOver !== false) {
      since = now();
      parcels.set(`${com}:${num}`, since);
    }
    if (since === undefined) return refusal('500', '查询无结果，请隔段时间再查');
    const reached = num.includes('STUCK') ? 0 : Math.floor((now() - since) / stepMs);
    const steps = JOURNEY.slice(0, Math.min(reached, JOURNEY.length - 1) + 1);
    const last = steps[steps.length - 1]!;
    return {
      message: 'ok',
      nu: num,
      ischeck: last.state === '3' ? '1' : '0',
      condition: last.state === '3' ? 'F00' : '00',
      com,
      status: '200',
      state: last.state,
      data: steps
        .map((step, n) => {
          const time = beijing(since + n * stepMs);
          return { time, ftime: time, context: step.context, location: step.location };
        })
        .reverse(),
    };
  }

  return {
    stats,
    handOver(com, num, at = now()) {
      parcels.set(`${com}:${num.toUpperCase()}`, at);
    },
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://sim');
      if (req.method !== 'POST' || url.pathname !== `${base}/poll/query.do`) {
        sendJson(res, 404, { result: false, returnCode: '404', message: 'not found' });
        return;
      }
      void readBody(req, 64 * 1024)
        .then((raw) => {
          stats.queries += 1;
          sendJson(res, 200, query(new URLSearchParams(raw.toString('utf8'))));
        })
        .catch(() => sendJson(res, 400, refusal('400', 'bad request')));
    },
  };
}

export function startKuaidi100Simulator(
  options: Omit<Kuaidi100SimOptions, 'basePath'> = {},
): Promise<RunningSimulator & { sim: Kuaidi100Simulator }> {
  const sim = createKuaidi100Simulator(options);
  return startSimulator(sim).then((running) => ({ ...running, sim }));
}
