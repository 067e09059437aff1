import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A simulator is a Node request handler: mounted under `/__sim/<name>` or served on its own port. */
export interface SimHandler {
  handle(req: IncomingMessage, res: ServerResponse): void;
}

export interface RunningSimulator {
  url: string;
  close(): Promise<void>;
}

export async function startSimulator(
  sim: SimHandler,
  options: { port?: number; host?: string } = {},
): Promise<RunningSimulator> {
  const server = createServer((req, res) => sim.handle(req, res));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export class BodyTooLargeError extends Error {}

export async function readBody(req: IncomingMessage, limit = 10 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError(`body over ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json;charset=UTF-8',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'content-length': 0 });
  res.end();
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Splits a request target under a mount prefix; null when the path is outside it. */
export function parseTarget(
  req: IncomingMessage,
  basePath: string,
): { path: string; query: URLSearchParams } | null {
  const url = new URL(req.url ?? '/', 'http://sim.local');
  const base = basePath.replace(/\/$/, '');
  if (base && url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return null;
  return { path: url.pathname.slice(base.length) || '/', query: url.searchParams };
}

export interface InjectedFault {
  status: number;
  /** Replaces the simulator's usual error body for the status. */
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * "Occasional 429s when asked": tests queue faults that the next requests answer with, and
 * `every` makes every n-th request fail for a soak run.
 */
export class Faults {
  private queue: InjectedFault[] = [];
  private counter = 0;
  every: { n: number; fault: InjectedFault } | null = null;

  failNext(fault: InjectedFault, count = 1): void {
    for (let i = 0; i < count; i++) this.queue.push(fault);
  }

  clear(): void {
    this.queue = [];
    this.every = null;
  }

  take(): InjectedFault | null {
    this.counter++;
    const queued = this.queue.shift();
    if (queued) return queued;
    if (this.every && this.counter % this.every.n === 0) return this.every.fault;
    return null;
  }
}

/**
 * Tokens that verify without server state, so a restarted simulator still accepts the tokens
 * it issued: `<prefix><base64url(json)>.<hmac>`.
 */
export class SignedTokens {
  constructor(private readonly secret: string) {}

  issue(prefix: string, claims: Record<string, unknown>, ttlSeconds: number, now: Date): string {
    const payload = Buffer.from(
      JSON.stringify({ ...claims, exp: Math.floor(now.getTime() / 1000) + ttlSeconds }),
    ).toString('base64url');
    return `${prefix}${payload}.${this.mac(prefix + payload)}`;
  }

  /** The claims, `expired`, or null when the token is not one of ours. */
  verify(
    prefix: string,
    token: string,
    now: Date,
  ): (Record<string, unknown> & { exp: number }) | 'expired' | null {
    if (!token.startsWith(prefix)) return null;
    const rest = token.slice(prefix.length);
    const dot = rest.lastIndexOf('.');
    if (dot < 0) return null;
    const payload = rest.slice(0, dot);
    const given = Buffer.from(rest.slice(dot + 1));
    const expected = Buffer.from(this.mac(prefix + payload));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: Record<string, unknown> & { exp: number };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    return claims.exp <= Math.floor(now.getTime() / 1000) ? 'expired' : claims;
  }

  private mac(data: string): string {
    return createHmac('sha256', this.secret).update(data).digest('base64url').slice(0, 32);
  }
}

/** A small deterministic PRNG (mulberry32) seeded from any string. */
export function seededRandom(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type SimOrderStatus = 'pending' | 'unshipped' | 'shipped' | 'canceled';

export interface SimOrderLine {
  sku: string;
  title: string;
  quantity: number;
  /** Unit price in minor units of `currency`. */
  unitMinor: number;
}

export interface SimAddress {
  name: string;
  phone: string;
  line1: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
}

export interface SimOrder {
  /** Its time slot's number at the pace it was placed at; unique within the shop, a stable id. */
  slot: number;
  createdAt: Date;
  updatedAt: Date;
  status: SimOrderStatus;
  lines: SimOrderLine[];
  address: SimAddress;
  /** True for orders the marketplace fulfils itself (Amazon AFN). */
  marketplaceFulfilled: boolean;
}

export interface OrderGeneratorOptions {
  /** Identifies the shop; the same key always yields the same orders. */
  shopKey: string;
  /** Orders exist from this time on (e.g. 30 days before the shop was first seen). */
  since: Date;
  /** One order per this many minutes on average. */
  everyMinutes: number;
  /** What buyers order; published SKUs when there are any, demo SKUs otherwise. */
  catalogue: Array<{ sku: string; title: string; unitMinor: number }>;
  /** Address country for the buyers. */
  countryCode: string;
  /**
   * Wholesale orders: about one in ten orders takes this many distinct catalogue SKUs (as many
   * as there are), so clients must page an order's lines. Off by default.
   */
  bulkLines?: number;
  /** Another history or a live pace than the marketplace's own (the demo's). */
  pace?: OrderPace;
}

/**
 * How a simulator's buyers order, when not at the marketplace's own pace over 30 days: the demo
 * holds a longer, sparser history and, from its first start on, places a new order every few
 * minutes, so the order desk fills while someone watches.
 */
export interface OrderPace {
  /** Days of orders a shop holds. */
  historyDays: number;
  /** Minutes between two orders of the history. */
  historyEveryMinutes: number;
  /** From `since` on, one order every `everyMinutes` instead. */
  live?: { since: Date; everyMinutes: number };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const STREETS = ['Maple Ave', 'Oak St', 'Pine Rd', 'Cedar Ln', 'Elm St', 'Lake Dr', 'Hill Rd'];
const CITIES = ['Springfield', 'Riverside', 'Fairview', 'Franklin', 'Greenville', 'Bristol'];
const NAMES = ['Alex Kim', 'Maria Lopez', 'Sam Taylor', 'Jordan Lee', 'Chris Wong', 'Pat Brown'];

/** A slot's order apart from the clock: what its buyer ordered and when it moves on. */
interface SlotOrder {
  slot: number;
  createdAt: Date;
  lines: SimOrderLine[];
  address: SimAddress;
  marketplaceFulfilled: boolean;
  canceled: boolean;
  /** Minutes after `createdAt` when the buyer pays, and when the seller ships. */
  paidAfter: number;
  shippedAfter: number;
  /** The order as last handed out, kept while its status stays the same. */
  last: SimOrder | null;
}

/** One shop's slots at one pace and catalogue; `null` for a slot that holds no order. */
interface SlotBook {
  key: string;
  slots: Map<number, SlotOrder | null>;
}

/**
 * Realistic orders over time, computed rather than stored: order n of a shop is created in its
 * time slot, moves pending → unshipped → shipped (a few are canceled) as time passes, and its
 * `updatedAt` is the time of its last move, so incremental sync sees changes arrive.
 *
 * A slot's order depends on the clock only through its status, so each generator keeps every
 * shop's slots once computed (by shop, pace and catalogue) and adds the slots the clock reaches:
 * the simulators read a shop's whole day of orders on every call, and rebuilding it (a hash and
 * a random draw per slot) was most of a busy run's CPU. An order's object stays the same while
 * its status does, so the simulators can keep what they derive from it (their order ids).
 */
export function createOrderGenerator(): (options: OrderGeneratorOptions, now: Date) => SimOrder[] {
  const books = new Map<string, SlotBook>();

  /** The orders of the `every`-minute slots that fall in [from, until]. */
  function slotOrders(
    options: OrderGeneratorOptions,
    range: { from: Date; until: Date; every: number },
    now: Date,
  ): SimOrder[] {
    const { shopKey, catalogue, countryCode, bulkLines } = options;
    const key = JSON.stringify([catalogue, countryCode, bulkLines]);
    const shop = `${shopKey}:${range.every}`;
    let book = books.get(shop);
    if (book?.key !== key) {
      book = { key, slots: new Map() };
      books.set(shop, book);
    }
    const slot = range.every * MINUTE;
    const first = Math.floor(range.from.getTime() / slot);
    const last = Math.floor(range.until.getTime() / slot);
    const orders: SimOrder[] = [];
    for (let s = first; s <= last; s++) {
      let order = book.slots.get(s);
      if (order === undefined) {
        order = slotOrder(options, s, slot);
        book.slots.set(s, order);
      }
      if (!order || order.createdAt > range.until || order.createdAt < range.from) continue;
      orders.push(orderAt(order, now));
    }
    // Slots the rolling window has left are dropped once they are as many as a window.
    if (book.slots.size > 2 * (last - first + 1)) {
      for (const s of book.slots.keys()) if (s < first || s > last) book.slots.delete(s);
    }
    return orders;
  }

  return (options, now) => {
    const { pace } = options;
    const since = pace ? new Date(now.getTime() - pace.historyDays * DAY) : options.since;
    const live = pace?.live;
    const isLive = live !== undefined && live.since < now;
    const historyEnd = isLive ? new Date(live.since.getTime() - 1) : now;
    const every = pace?.historyEveryMinutes ?? options.everyMinutes;
    const history = slotOrders(options, { from: since, until: historyEnd, every }, now);
    if (!isLive) return history;
    // Live slots are much shorter, so their numbers never meet the history's.
    const range = { from: live.since, until: now, every: live.everyMinutes };
    return history.concat(slotOrders(options, range, now));
  };
}

/** The generator the simulators share: a shop's orders are the same whichever asks. */
export const generateOrders = createOrderGenerator();

/** Slot `s`'s order of the shop (`slot` milliseconds long), or null when it holds none. */
function slotOrder(options: OrderGeneratorOptions, s: number, slot: number): SlotOrder | null {
  const rng = seededRandom(`${options.shopKey}:${s}`);
  const createdAt = new Date(s * slot + Math.floor(rng() * slot));
  const lineCount = 1 + Math.floor(rng() * (rng() < 0.7 ? 1 : 3));
  const lines: SimOrderLine[] = [];
  for (let i = 0; i < lineCount && options.catalogue.length > 0; i++) {
    const product = options.catalogue[Math.floor(rng() * options.catalogue.length)]!;
    if (lines.some((l) => l.sku === product.sku)) continue;
    lines.push({ ...product, quantity: 1 + Math.floor(rng() * 3) });
  }
  if (options.bulkLines && rng() < 0.1) {
    lines.length = 0;
    for (const product of options.catalogue.slice(0, options.bulkLines)) {
      lines.push({ ...product, quantity: 1 });
    }
  }
  if (lines.length === 0) return null;
  const canceled = rng() < 0.06;
  const paidAfter = 5 + Math.floor(rng() * 25);
  const shippedAfter = 12 * 60 + Math.floor(rng() * 36 * 60);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)]!;
  return {
    slot: s,
    createdAt,
    lines,
    address: {
      name: pick(NAMES),
      phone: `555-01${String(Math.floor(rng() * 100)).padStart(2, '0')}`,
      line1: `${1 + Math.floor(rng() * 9000)} ${pick(STREETS)}`,
      city: pick(CITIES),
      state: 'CA',
      postalCode: String(90000 + Math.floor(rng() * 9999)),
      countryCode: options.countryCode,
    },
    marketplaceFulfilled: rng() < 0.25,
    canceled,
    paidAfter,
    shippedAfter,
    last: null,
  };
}

/** The slot's order as it stands at `now`. */
function orderAt(order: SlotOrder, now: Date): SimOrder {
  const { createdAt, canceled, paidAfter, shippedAfter } = order;
  const age = (now.getTime() - createdAt.getTime()) / MINUTE;
  let status: SimOrderStatus = 'pending';
  let updatedAt = createdAt;
  if (age >= paidAfter) {
    status = canceled ? 'canceled' : 'unshipped';
    updatedAt = new Date(createdAt.getTime() + paidAfter * MINUTE);
  }
  if (!canceled && age >= shippedAfter) {
    status = 'shipped';
    updatedAt = new Date(createdAt.getTime() + shippedAfter * MINUTE);
  }
  if (order.last?.status !== status) {
    const { slot, lines, address, marketplaceFulfilled } = order;
    order.last = { slot, createdAt, updatedAt, status, lines, address, marketplaceFulfilled };
  }
  return order.last;
}
