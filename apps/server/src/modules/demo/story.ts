import { and, desc, eq, inArray } from 'drizzle-orm';
import { DESK_STATUS, LOGISTICS_CHANNELS, type PurchaseOrderStatus } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { systemCtx, type Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { jobs, orders, purchaseOrders, stores, users } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ofSeller } from '../../tenancy.ts';
import type { JobContext, JobRunner } from '../../jobs/runner.ts';
import { addAddress, settlement, submitOrder } from '../cart/index.ts';
import { accountPay } from '../finance/index.ts';
import { addOrdersToCart, queueStoreSyncs } from '../orders/index.ts';
import { acceptOrders, markProduced, raiseException, shipPackage } from '../production/index.ts';

/** The job that tells the story once the demo stores' first syncs are in. */
export const DEMO_STORY = 'demo.story';

/**
 * What becomes of each purchase order the story buys, one marketplace order each: a stage of
 * the loop apiece, two shipped ones for the push job and the tracking poll to carry on (pushed
 * within a minute, delivered within minutes), and a parcel the operator reports lost.
 */
const PLOT = ['unpaid', 'paid', 'accepted', 'produced', 'shipped', 'shipped', 'exception'] as const;
type Stage = (typeof PLOT)[number];

/** How long the story waits for the first syncs it reads orders from. */
const SYNC_WAIT_MS = 10 * 60_000;
const CAINIAO = LOGISTICS_CHANNELS.find((c) => c.code === 'CAINIAO-SS')!;

/**
 * The demo's first start (the demo boss's e-mail names the seller): each demo store's first sync through the job runner (the sync
 * button's job), then the story, which waits for the syncs of the stores that answer in
 * seconds (Amazon's rate limits make its first sync take many minutes).
 */
export async function startDemoStory(
  db: Executor,
  runner: Pick<JobRunner, 'enqueue'>,
  demoEmail: string,
): Promise<void> {
  const [demo] = await db
    .select({ sellerId: users.sellerId })
    .from(users)
    .where(eq(users.email, demoEmail));
  if (!demo) return;
  const { sellerId } = demo;
  const queued = await queueStoreSyncs(db, runner, { sellerId });
  const fast = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(ofSeller(stores.sellerId, sellerId), inArray(stores.marketplace, FAST_STORES)));
  const ids = new Set(fast.map((s) => s.id));
  await runner.enqueue({
    kind: DEMO_STORY,
    sellerId,
    payload: { syncJobs: queued.filter((q) => ids.has(q.storeId)).map((q) => q.jobId) },
  });
}

/** The stores whose orders the story buys: their simulators answer a first sync in seconds. */
const FAST_STORES = ['shopify', 'shopee', 'temu'] as const;

/** The `demo.story` job: waits for its syncs, then tells the story for the job's seller. */
export async function runDemoStoryJob(db: Executor, job: JobContext): Promise<StoryResult> {
  const syncJobs = (job.payload as { syncJobs?: string[] } | null)?.syncJobs ?? [];
  const deadline = Date.now() + SYNC_WAIT_MS;
  while (syncJobs.length > 0 && Date.now() < deadline && !job.signal.aborted) {
    const waiting = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.id, syncJobs), inArray(jobs.status, ['queued', 'running'])));
    if (waiting.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return tellDemoStory(db, job.log, job.sellerId!);
}

export type StoryResult = Partial<Record<PurchaseOrderStatus, number>>;

/**
 * Takes a handful of the seller's synced orders through the loop by the functions the seller's
 * and the operator's requests call: to the cart, checkout to the buyer's address, paid from the
 * balance; accepted, produced and shipped with a Cainiao number (which queues the marketplace
 * push), one reported lost. What stays to be done (the push, the carrier's scans) is the jobs'.
 */
export async function tellDemoStory(
  db: Executor,
  log: FastifyBaseLogger,
  sellerId: number,
): Promise<StoryResult> {
  const [boss] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(ofSeller(users.sellerId, sellerId), eq(users.isBoss, true)));
  const seller = systemCtx(db, log, { sellerId, forUser: { userId: boss!.id, isBoss: true } });
  const operator = systemCtx(db, log);
  const open = await db
    .select({ id: orders.id, address: orders.address })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(
      and(
        ofSeller(orders.sellerId, sellerId),
        inArray(stores.marketplace, FAST_STORES),
        eq(orders.status, DESK_STATUS.new),
        eq(orders.orderStatus, 'unshipped'),
        eq(orders.fulfillmentChannel, 'MFN'),
        eq(orders.itemsPending, false),
      ),
    )
    .orderBy(desc(orders.purchasedAt));
  const plot: Stage[] = [...PLOT];
  for (const order of open) {
    const stage = plot[0];
    if (!stage) break;
    const purchaseOrderId = await buy(seller, order);
    if (purchaseOrderId === null) continue;
    plot.shift();
    await act(seller, operator, purchaseOrderId, stage);
  }
  const rows = await db
    .select({ status: purchaseOrders.status })
    .from(purchaseOrders)
    .where(ofSeller(purchaseOrders.sellerId, sellerId));
  const result: StoryResult = {};
  for (const { status } of rows) result[status] = (result[status] ?? 0) + 1;
  log.info({ sellerId, purchaseOrders: result }, 'demo story told');
  return result;
}

/**
 * One marketplace order to the cart and checked out to its buyer, as the seller does it on the
 * order desk and the checkout page; null when none of its SKUs is the seller's.
 */
async function buy(
  seller: Ctx,
  order: { id: number; address: (typeof orders.$inferSelect)['address'] },
): Promise<number | null> {
  const added = await addOrdersToCart(seller, { ids: [order.id] });
  if (added.added === 0 || !order.address) return null;
  const a = order.address;
  const address = await addAddress(seller, {
    name: a.name || 'Demo buyer',
    phone: a.phone || '+1 415 555 0100',
    country_code: a.country_code,
    province: a.state,
    city: a.city,
    district: '',
    address1: a.line1,
    address2: a.line2,
    postcode: a.postal_code,
    is_default: false,
  });
  const settled = await settlement(seller, { address_id: address.id });
  const submitted = await withTransaction(seller, (tx) =>
    submitOrder(tx, {
      address_id: address.id,
      items: settled.items.map((l) => ({
        sku_id: l.sku_id,
        quantity: l.quantity,
        unit_price_minor: l.unit_price_minor,
      })),
      total_minor: settled.total_minor,
      remark: '',
    }),
  );
  return submitted.id;
}

async function act(seller: Ctx, operator: Ctx, id: number, stage: Stage): Promise<void> {
  if (stage === 'unpaid') return;
  await withTransaction(seller, (tx) => accountPay(tx, id));
  if (stage === 'paid') return;
  await acceptOrders(operator, { ids: [id] });
  if (stage === 'accepted') return;
  await markProduced(operator, { ids: [id] });
  if (stage === 'produced') return;
  const digits = String(Date.now() * 100 + id)
    .slice(-14)
    .padStart(14, '0');
  await shipPackage(operator, {
    id,
    carrier_code: CAINIAO.code,
    tracking_no: `LP${digits}`,
  });
  if (stage === 'shipped') return;
  await raiseException(operator, {
    id,
    reason: 'lost',
    note: '演示：承运商报告包裹丢失 / Demo: the carrier reports the parcel lost',
  });
}
