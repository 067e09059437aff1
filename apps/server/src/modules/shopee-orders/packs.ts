import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type {
  ShopeePackCreateInput,
  ShopeePackListQuery,
  ShopeePackUpdateInput,
} from '@app/shared';
import { type ShopeePack, type ShopeePackPage, type ShopeePackStore } from '@app/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { files, orders, shopeePackOrders, shopeePacks, shopeePackStores } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { FILES_URL_PREFIX, keyOfUrl } from '../../integrations/object-storage.ts';
import { findOwned, ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { writeOrderLog } from '../orders/index.ts';
import { shopeeOrders } from './session.ts';

/** The platform's first-mile warehouses, a few per region; written once, kept by `code`. */
const PACK_STORES = [
  ['SZ-01', 'CN', 'Shenzhen Longhua first-mile warehouse', 'No. 3 Minqing Rd, Longhua, Shenzhen'],
  ['YW-01', 'CN', 'Yiwu first-mile warehouse', '88 Chengbei Rd, Yiwu, Zhejiang'],
  ['GZ-01', 'CN', 'Guangzhou Baiyun first-mile warehouse', '12 Airport Rd, Baiyun, Guangzhou'],
  ['SG-01', 'SG', 'Singapore Tuas sorting centre', '20 Tuas South Ave 2, Singapore 637222'],
  ['MY-01', 'MY', 'Kuala Lumpur sorting centre', 'Lot 5, Jalan Kontraktor, Shah Alam'],
  ['TH-01', 'TH', 'Bangkok sorting centre', '99 Bang Na-Trat Rd, Bang Phli, Samut Prakan'],
  ['PH-01', 'PH', 'Manila sorting centre', '8 Sucat Rd, Parañaque, Metro Manila'],
  ['TW-01', 'TW', 'Taoyuan sorting centre', '168 Dayuan Rd, Taoyuan'],
  ['VN-01', 'VN', 'Ho Chi Minh sorting centre', '15 Road 9, Tan Thuan EPZ, District 7'],
] as const;

async function ensurePackStores(db: Executor): Promise<void> {
  await db
    .insert(shopeePackStores)
    .values(
      PACK_STORES.map(([code, region, name, address], i) => ({
        code,
        region,
        name,
        address,
        contact: 'Receiving desk',
        phone: '+86 755 0000 00' + String(10 + i),
        sort: i,
      })),
    )
    .onConflictDoNothing({ target: shopeePackStores.code });
}

export async function listPackStores(ctx: Ctx, q: { region?: string }): Promise<ShopeePackStore[]> {
  await ensurePackStores(ctx.db);
  const rows = await ctx.db
    .select()
    .from(shopeePackStores)
    .where(q.region ? eq(shopeePackStores.region, q.region) : undefined)
    .orderBy(asc(shopeePackStores.sort), asc(shopeePackStores.id));
  return rows.map((r) => ({
    id: r.id,
    region: r.region,
    name: r.name,
    address: r.address,
    contact: r.contact,
    phone: r.phone,
  }));
}

type PackRow = typeof shopeePacks.$inferSelect;

async function toPacks(ctx: Ctx, rows: PackRow[]): Promise<ShopeePack[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [members, storeRows] = await Promise.all([
    ctx.db
      .select({ packId: shopeePackOrders.packId, id: orders.id, number: orders.number })
      .from(shopeePackOrders)
      .innerJoin(orders, eq(orders.id, shopeePackOrders.orderId))
      .where(inArray(shopeePackOrders.packId, ids))
      .orderBy(asc(orders.id)),
    ctx.db
      .select({ id: shopeePackStores.id, name: shopeePackStores.name })
      .from(shopeePackStores)
      .where(inArray(shopeePackStores.id, [...new Set(rows.map((r) => r.packStoreId))])),
  ]);
  return rows.map((r) => ({
    id: r.id,
    shopee_order_pack_store_id: r.packStoreId,
    store_name: storeRows.find((s) => s.id === r.packStoreId)?.name ?? '',
    tracking_no: r.trackingNo,
    note: r.note,
    iamges: r.images.map((key) => ({ key, url: `${FILES_URL_PREFIX}${key}` })),
    orders: members
      .filter((m) => m.packId === r.id)
      .map((m) => ({ id: m.id, seller_order_id: m.number })),
    created_at: unixSeconds(r.createdAt),
    updated_at: unixSeconds(r.updatedAt),
  }));
}

export async function listPacks(
  ctx: Ctx,
  q: z.output<typeof ShopeePackListQuery>,
): Promise<ShopeePackPage> {
  const where = and(
    ownedBy(ctx, shopeePacks.sellerId),
    q.tracking_no ? eq(shopeePacks.trackingNo, q.tracking_no) : undefined,
    q.shopee_order_pack_store_id === undefined
      ? undefined
      : eq(shopeePacks.packStoreId, q.shopee_order_pack_store_id),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(shopeePacks)
      .where(where)
      .orderBy(desc(shopeePacks.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ n: count() }).from(shopeePacks).where(where),
  ]);
  return {
    list: await toPacks(ctx, rows),
    pagination: { page: q.page, size: q.limit, total: total!.n },
  };
}

/** Image keys (or `/api/files/<key>` URLs) that are the seller's own uploads, deduplicated. */
async function ownImages(ctx: Ctx, images: string[]): Promise<string[]> {
  const keys = [...new Set(images.map((i) => keyOfUrl(i) ?? i))];
  if (keys.length === 0) return [];
  const owned = await ctx.db
    .select({ key: files.key })
    .from(files)
    .where(and(ownedBy(ctx, files.sellerId), inArray(files.key, keys)));
  const missing = keys.find((k) => !owned.some((o) => o.key === k));
  if (missing !== undefined) {
    throw new ValidationError({
      iamges: { key: 'shopee.not_your_images', params: { urls: String(missing) } },
    });
  }
  return keys;
}

type PackInput = z.output<typeof ShopeePackCreateInput>;

async function checkPack(ctx: Ctx, input: PackInput, packId: number | null) {
  await ensurePackStores(ctx.db);
  const [store] = await ctx.db
    .select({ id: shopeePackStores.id })
    .from(shopeePackStores)
    .where(eq(shopeePackStores.id, input.shopee_order_pack_store_id));
  if (!store) {
    throw new ValidationError({ shopee_order_pack_store_id: 'shopee.no_pack_store' });
  }
  const images = await ownImages(ctx, input.iamges);
  const orderIds = [...new Set(input.order_ids)];
  await shopeeOrders(ctx, orderIds);
  const elsewhere = await ctx.db
    .select({ orderId: shopeePackOrders.orderId, packId: shopeePackOrders.packId })
    .from(shopeePackOrders)
    .where(
      and(
        inArray(shopeePackOrders.orderId, orderIds),
        packId === null ? undefined : ne(shopeePackOrders.packId, packId),
      ),
    );
  if (elsewhere.length > 0) {
    throw new ConflictError(
      'shopee.order_in_other_pack',
      { orderId: elsewhere[0]!.orderId, packId: elsewhere[0]!.packId },
      { order_ids: elsewhere.map((e) => e.orderId) },
    );
  }
  return { images, orderIds };
}

async function packOf(ctx: Ctx, id: number): Promise<ShopeePack> {
  const row = await findOwned(ctx, shopeePacks, id, 'shopee.pack_not_found');
  return (await toPacks(ctx, [row]))[0]!;
}

export function createPack(ctx: Ctx, input: PackInput): Promise<ShopeePack> {
  return withTransaction(ctx, async (tx) => {
    const { images, orderIds } = await checkPack(tx, input, null);
    const [row] = await tx.db
      .insert(shopeePacks)
      .values({
        sellerId: sellerIdOf(tx),
        packStoreId: input.shopee_order_pack_store_id,
        trackingNo: input.tracking_no,
        note: input.note,
        images,
      })
      .returning();
    await tx.db
      .insert(shopeePackOrders)
      .values(orderIds.map((orderId) => ({ packId: row!.id, orderId })));
    for (const orderId of orderIds) {
      await writeOrderLog(tx, orderId, 'shopee_pack', {
        pack_id: row!.id,
        tracking_no: input.tracking_no,
      });
    }
    return packOf(tx, row!.id);
  });
}

export function updatePack(
  ctx: Ctx,
  input: z.output<typeof ShopeePackUpdateInput>,
): Promise<ShopeePack> {
  return withTransaction(ctx, async (tx) => {
    const [current] = await tx.db
      .select()
      .from(shopeePacks)
      .where(and(eq(shopeePacks.id, input.id), ownedBy(tx, shopeePacks.sellerId)))
      .for('update');
    if (!current) throw new NotFoundError('shopee.pack_not_found');
    const { images, orderIds } = await checkPack(tx, input, current.id);
    await tx.db
      .update(shopeePacks)
      .set({
        packStoreId: input.shopee_order_pack_store_id,
        trackingNo: input.tracking_no,
        note: input.note,
        images,
        updatedAt: new Date(),
      })
      .where(eq(shopeePacks.id, current.id));
    const before = await tx.db
      .select({ orderId: shopeePackOrders.orderId })
      .from(shopeePackOrders)
      .where(eq(shopeePackOrders.packId, current.id));
    const had = new Set(before.map((b) => b.orderId));
    const removed = [...had].filter((id) => !orderIds.includes(id));
    const added = orderIds.filter((id) => !had.has(id));
    if (removed.length > 0) {
      await tx.db
        .delete(shopeePackOrders)
        .where(
          and(eq(shopeePackOrders.packId, current.id), inArray(shopeePackOrders.orderId, removed)),
        );
    }
    if (added.length > 0) {
      await tx.db
        .insert(shopeePackOrders)
        .values(added.map((orderId) => ({ packId: current.id, orderId })));
    }
    for (const orderId of added) {
      await writeOrderLog(tx, orderId, 'shopee_pack', {
        pack_id: current.id,
        tracking_no: input.tracking_no,
      });
    }
    for (const orderId of removed) {
      await writeOrderLog(tx, orderId, 'shopee_unpack', { pack_id: current.id });
    }
    return packOf(tx, current.id);
  });
}
