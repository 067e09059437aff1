import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  like,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  MARKET_SITES,
  MARKETPLACE_NAMES,
  MARKETPLACES,
  marketSiteById,
  STORE_STATUS,
  type AmazonStoreGroup,
  type AuthApp,
  type IdInput,
  type MarketIndexQuery,
  type Marketplace,
  type MarketSite,
  type MarketSiteInfo,
  type MediaBatchResult,
  type ModifyAliasInput,
  type ModifyStatusInput,
  type SetStaffInput,
  type SitesQuery,
  type StaffOption,
  type Store,
  type StoreAuthCheck,
  type StorePage,
  type UpdateAliasInput,
  type UpdateMarketInfoInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { jobs, stores, storeStaff, users } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Connectors } from '../../integrations/marketplaces/index.ts';
import {
  MarketplaceError,
  type MarketplaceConnector,
  type StoreAuth,
  type StoreSession,
} from '../../integrations/marketplaces/connector.ts';
import type { SecretBox } from '../../integrations/secret-box.ts';
import { ofSeller, ownedBy, sellerIdOf, storeViewOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { recordAudit } from '../audit/index.ts';
import { containsPattern } from '../goods-library/service.ts';

/** The request's context plus what stores need: the connectors and the credentials box. */
export interface MarketCtx extends Ctx {
  connectors: Connectors;
  box: SecretBox;
  /** Where marketplaces reach this server (`ownBaseUrl`): their event subscriptions point there. */
  publicBase?: string;
}

export type StoreRow = typeof stores.$inferSelect;

/** What reaching a marketplace takes, with or without a request. */
export type StoreAccess = Pick<MarketCtx, 'db' | 'connectors' | 'box'>;

/** Jobs of this kind prefix publish listings; a store with unfinished ones cannot be deleted. */
const PUBLISHING_KIND = 'listings.%';
const UNFINISHED_JOB = ['queued', 'running'] as const;
const AMAZON_REGIONS = ['NA', 'EU', 'FE'];

export function siteOf(marketSiteId: number): MarketSiteInfo {
  const site = marketSiteById(marketSiteId);
  if (!site) throw new Error(`Unknown market site ${marketSiteId}`);
  return site;
}

const toMarketSite = (site: MarketSiteInfo): MarketSite => ({ ...site });

/**
 * Which of the seller's stores the actor may see and use: all of them for the boss, only the
 * ones assigned through set-staff for staff.
 */
export function visibleStores(ctx: Ctx): SQL {
  const view = storeViewOf(ctx);
  const owned = ownedBy(ctx, stores.sellerId);
  if (view.isBoss) return owned;
  return and(
    owned,
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(storeStaff)
        .where(and(eq(storeStaff.storeId, stores.id), eq(storeStaff.userId, view.userId))),
    ),
  )!;
}

/** One visible store by id; another seller's store, or one not assigned to this staff user, is a 404. */
export async function findStore(ctx: Ctx, id: number, opts: { lock?: boolean } = {}) {
  const query = ctx.db
    .select()
    .from(stores)
    .where(and(eq(stores.id, id), visibleStores(ctx)))
    .limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError('markets.store_not_found');
  return row;
}

/** Unfinished listing-publishing jobs per store id (`payload.storeId`). */
async function publishingCounts(
  db: Executor,
  sellerId: number,
  storeIds: number[],
): Promise<Map<number, number>> {
  if (storeIds.length === 0) return new Map();
  const storeId = sql<string>`${jobs.payload}->>'storeId'`;
  const rows = await db
    .select({ storeId, n: count() })
    .from(jobs)
    .where(
      and(
        ofSeller(jobs.sellerId, sellerId),
        like(jobs.kind, PUBLISHING_KIND),
        inArray(jobs.status, [...UNFINISHED_JOB]),
        inArray(storeId, storeIds.map(String)),
      ),
    )
    .groupBy(storeId);
  return new Map(rows.map((r) => [Number(r.storeId), r.n]));
}

async function staffIdsOf(db: Executor, storeIds: number[]): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>(storeIds.map((id) => [id, []]));
  if (storeIds.length === 0) return result;
  const rows = await db
    .select()
    .from(storeStaff)
    .where(inArray(storeStaff.storeId, storeIds))
    .orderBy(asc(storeStaff.userId));
  for (const row of rows) result.get(row.storeId)?.push(row.userId);
  return result;
}

/** Rows as the API shows them, with their staff and publishing counts. */
async function toStores(ctx: Ctx, rows: StoreRow[]): Promise<Store[]> {
  const ids = rows.map((r) => r.id);
  const [staff, publishing] = await Promise.all([
    staffIdsOf(ctx.db, ids),
    publishingCounts(ctx.db, sellerIdOf(ctx), ids),
  ]);
  return rows.map((row) => {
    const site = siteOf(row.marketSiteId);
    return {
      id: row.id,
      alias: row.alias,
      tax_number: row.taxNumber,
      seller_id: row.sellerId,
      market_site_id: row.marketSiteId,
      account: row.account,
      status: row.status === STORE_STATUS.on ? 1 : 0,
      source: row.source,
      marketplace: row.marketplace,
      site: toMarketSite(site),
      auth_status: row.authStatus,
      // Temu stores authorized before modes existed sell locally.
      mode: row.marketplace === 'temu' ? (row.mode ?? 'local') : null,
      authorized_at: unixSeconds(row.authorizedAt),
      token_expires_at: row.tokenExpiresAt ? unixSeconds(row.tokenExpiresAt) : null,
      staff_ids: staff.get(row.id) ?? [],
      publishing: publishing.get(row.id) ?? 0,
      auto_buy: row.autoBuy,
      created_at: unixSeconds(row.createdAt),
    };
  });
}

export async function toStore(ctx: Ctx, row: StoreRow): Promise<Store> {
  return (await toStores(ctx, [row]))[0]!;
}

export async function listStores(ctx: Ctx, q: MarketIndexQuery): Promise<StorePage> {
  const where = and(
    visibleStores(ctx),
    q.marketplace ? eq(stores.marketplace, q.marketplace) : undefined,
    q.status === undefined ? undefined : eq(stores.status, q.status),
    q.keyword
      ? or(
          ilike(stores.alias, containsPattern(q.keyword)),
          ilike(stores.account, containsPattern(q.keyword)),
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(stores)
      .where(where)
      .orderBy(desc(stores.createdAt), desc(stores.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(stores).where(where),
  ]);
  return {
    list: await toStores(ctx, rows),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

export function listSites(q: SitesQuery): MarketSite[] {
  return MARKET_SITES.filter((s) => !q.marketplace || s.marketplace === q.marketplace).map(
    toMarketSite,
  );
}

/** Marketplaces this server has a connector for; one without (no credentials, simulators off) is left out. */
export function listAuthApps(connectors: Connectors): AuthApp[] {
  return MARKETPLACES.flatMap((marketplace) => {
    const connector = connectors[marketplace];
    if (!connector) return [];
    return [
      {
        marketplace,
        name: MARKETPLACE_NAMES[marketplace],
        sandbox: connector.sandbox,
        needsShopDomain: marketplace === 'shopify',
        acceptsToken: connector.authorizeWithToken !== undefined,
        sites: listSites({ marketplace }),
      },
    ];
  });
}

/** The Amazon stores a listing can go to (on, authorized), per authorization region. */
export async function listAmazonStores(ctx: Ctx): Promise<AmazonStoreGroup[]> {
  const rows = await ctx.db
    .select()
    .from(stores)
    .where(
      and(
        visibleStores(ctx),
        eq(stores.marketplace, 'amazon'),
        eq(stores.status, STORE_STATUS.on),
        eq(stores.authStatus, 'active'),
      ),
    )
    .orderBy(asc(stores.marketSiteId), asc(stores.alias), asc(stores.id));
  const list = await toStores(ctx, rows);
  return AMAZON_REGIONS.map((region) => ({
    region,
    stores: list.filter((s) => s.site.region === region),
  })).filter((group) => group.stores.length > 0);
}

/** The actor's stores of one marketplace that are on and authorized (listing store pickers). */
export async function listActiveStores(ctx: Ctx, marketplace: Marketplace): Promise<Store[]> {
  const rows = await ctx.db
    .select()
    .from(stores)
    .where(
      and(
        visibleStores(ctx),
        eq(stores.marketplace, marketplace),
        eq(stores.status, STORE_STATUS.on),
        eq(stores.authStatus, 'active'),
      ),
    )
    .orderBy(asc(stores.alias), asc(stores.id));
  return toStores(ctx, rows);
}

/** The seller's active staff users (not the boss), for the assignment dialog. */
export async function listStaff(ctx: Ctx): Promise<StaffOption[]> {
  return ctx.db
    .select({ id: users.id, name: users.name, email: users.email, mobile: users.mobile })
    .from(users)
    .where(and(ownedBy(ctx, users.sellerId), eq(users.isBoss, false), eq(users.status, 1)))
    .orderBy(asc(users.name), asc(users.id));
}

async function updateStore(
  ctx: Ctx,
  id: number,
  values: Partial<Pick<StoreRow, 'alias' | 'taxNumber' | 'status'>>,
): Promise<Store> {
  return withTransaction(ctx, async (tx) => {
    const row = await findStore(tx, id, { lock: true });
    const [updated] = await tx.db
      .update(stores)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(stores.id, row.id))
      .returning();
    await recordAudit(tx, { object: 'store', id: row.id, before: row, after: updated! });
    return toStore(tx, updated!);
  });
}

export function updateMarketInfo(ctx: Ctx, input: UpdateMarketInfoInput): Promise<Store> {
  return updateStore(ctx, input.id, { alias: input.alias, taxNumber: input.tax_number });
}

/** Switches a store on or off; an off store is never synced or published to (`openStoreSession`). */
export function modifyStatus(ctx: Ctx, input: ModifyStatusInput): Promise<Store> {
  return updateStore(ctx, input.id, { status: input.status });
}

export function modifyAlias(ctx: Ctx, input: ModifyAliasInput): Promise<Store> {
  return updateStore(ctx, input.id, { alias: input.alias });
}

/** Renames several stores; one result per item, and a store that is not visible fails alone. */
export async function updateAliases(ctx: Ctx, input: UpdateAliasInput): Promise<MediaBatchResult> {
  const results: MediaBatchResult['results'] = [];
  for (const item of input.list) {
    const [updated] = await ctx.db
      .update(stores)
      .set({ alias: item.alias, updatedAt: new Date() })
      .where(and(eq(stores.id, item.id), visibleStores(ctx)))
      .returning({ id: stores.id });
    results.push({ id: item.id, ok: Boolean(updated), reason: updated ? null : 'not_found' });
  }
  return { results };
}

/** Replaces the staff assigned to a store; every id must be a staff user of this seller. */
export async function setStaff(ctx: Ctx, input: SetStaffInput): Promise<Store> {
  const wanted = [...new Set(input.staff_ids)];
  return withTransaction(ctx, async (tx) => {
    const row = await findStore(tx, input.id, { lock: true });
    const found =
      wanted.length === 0
        ? []
        : await tx.db
            .select({ id: users.id })
            .from(users)
            .where(
              and(inArray(users.id, wanted), ownedBy(tx, users.sellerId), eq(users.isBoss, false)),
            );
    const known = new Set(found.map((u) => u.id));
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new ValidationError({
        staff_ids: { key: 'markets.unknown_staff', params: { ids: unknown.join(', ') } },
      });
    }
    const assigned = await tx.db
      .select({ userId: storeStaff.userId })
      .from(storeStaff)
      .where(eq(storeStaff.storeId, row.id));
    await tx.db.delete(storeStaff).where(eq(storeStaff.storeId, row.id));
    if (wanted.length > 0) {
      await tx.db.insert(storeStaff).values(wanted.map((userId) => ({ storeId: row.id, userId })));
    }
    const staffIds = (ids: number[]) => [...ids].sort((a, b) => a - b);
    await recordAudit(tx, {
      object: 'store',
      id: row.id,
      before: { staff_ids: staffIds(assigned.map((a) => a.userId)) },
      after: { staff_ids: staffIds(wanted) },
    });
    return toStore(tx, row);
  });
}

/** Deletes a store with its staff links; refused while listings are being published to it. */
export async function deleteStore(ctx: Ctx, input: IdInput): Promise<null> {
  await withTransaction(ctx, async (tx) => {
    const row = await findStore(tx, input.id, { lock: true });
    const publishing = (await publishingCounts(tx.db, row.sellerId, [row.id])).get(row.id) ?? 0;
    if (publishing > 0) {
      throw new ConflictError('markets.store_publishing', { count: publishing }, { publishing });
    }
    await tx.db.delete(storeStaff).where(eq(storeStaff.storeId, row.id));
    await tx.db.delete(stores).where(eq(stores.id, row.id));
  });
  return null;
}

/**
 * The connector for a store: the one this server has for its marketplace, if it talks to the
 * same side (simulator or live) the store was authorized against.
 */
function connectorFor(ctx: StoreAccess, row: StoreRow): MarketplaceConnector {
  const connector = ctx.connectors[row.marketplace];
  const name = MARKETPLACE_NAMES[row.marketplace];
  if (!connector) throw new ConflictError('markets.marketplace_unavailable', { marketplace: name });
  if (connector.sandbox !== (row.source === 'sandbox')) {
    throw new ConflictError(
      row.source === 'sandbox'
        ? 'markets.sandbox_needs_simulator'
        : 'markets.live_store_on_simulator',
      { marketplace: name },
    );
  }
  return connector;
}

/** Seals a store's authorization into the column values that hold it. */
export function sealAuth(box: SecretBox, auth: StoreAuth) {
  return {
    credentials: box.seal(JSON.stringify(auth)),
    tokenExpiresAt:
      auth.accessTokenExpiresAt === null ? null : new Date(auth.accessTokenExpiresAt * 1000),
  };
}

/**
 * The stored authorization. One that cannot be opened was sealed under another key (processes
 * configured with different STORE_SECRET_KEYs, or the key changed): a 409 that says so, since
 * only the operator's configuration or a new authorization mends it.
 */
function openAuth(box: SecretBox, sealed: string): StoreAuth {
  try {
    return JSON.parse(box.open(sealed)) as StoreAuth;
  } catch {
    throw new ConflictError(
      'markets.credentials_unreadable',
      {},
      { reason: 'credentials_unreadable' },
    );
  }
}

function sessionOf(ctx: StoreAccess, row: StoreRow): StoreSession {
  const session: StoreSession = {
    site: siteOf(row.marketSiteId),
    mode: row.mode,
    auth: openAuth(ctx.box, row.credentials),
    async saveAuth(auth) {
      await ctx.db
        .update(stores)
        .set({ ...sealAuth(ctx.box, auth), updatedAt: new Date() })
        .where(eq(stores.id, row.id));
      session.auth = auth;
    },
    async reloadAuth() {
      const [stored] = await ctx.db
        .select({ credentials: stores.credentials })
        .from(stores)
        .where(eq(stores.id, row.id));
      return stored ? openAuth(ctx.box, stored.credentials) : session.auth;
    },
  };
  return session;
}

/**
 * The seller's store ready for marketplace calls. Refuses (409) a store whose authorization
 * is not active, and with `forWrite` (publishing, syncing: anything that acts for the store)
 * one that is switched off; reads such as categories may use an off store. `saveAuth` stores
 * refreshed tokens at once: call this outside a transaction, since a marketplace may already
 * have retired the old refresh token (Shopee's are single use).
 */
export async function openStoreSession(
  ctx: MarketCtx,
  storeId: number,
  opts: { forWrite: boolean },
): Promise<{ store: StoreRow; connector: MarketplaceConnector; session: StoreSession }> {
  return storeSessionFor(ctx, await findStore(ctx, storeId), opts);
}

/**
 * `openStoreSession` for a store row already read, for jobs, which have no request actor to
 * find the store with: the same refusals.
 */
export function storeSessionFor(
  ctx: StoreAccess,
  store: StoreRow,
  opts: { forWrite: boolean },
): { store: StoreRow; connector: MarketplaceConnector; session: StoreSession } {
  if (opts.forWrite && store.status !== STORE_STATUS.on) {
    throw new ConflictError('orders.store_switched_off');
  }
  if (store.authStatus !== 'active') {
    throw new ConflictError('orders.store_needs_reauthorization');
  }
  const connector = connectorFor(ctx, store);
  return { store, connector, session: sessionOf(ctx, store) };
}

/**
 * Why a refused authorization failed, from what we know rather than from the marketplace's
 * wording: a token past its expiry that could not be refreshed has `expired`; a token still in
 * its lifetime that is refused was `revoked` (the seller removed the app, or the marketplace
 * withdrew it).
 */
function failedAuthStatus(auth: StoreAuth): 'expired' | 'revoked' {
  const ranOut =
    auth.accessTokenExpiresAt !== null && auth.accessTokenExpiresAt <= unixSeconds(new Date());
  return ranOut ? 'expired' : 'revoked';
}

/**
 * Asks the marketplace whether the store's authorization works, whatever its recorded state,
 * and records the answer: a refreshed token is stored, an `auth` refusal marks it expired or
 * revoked. A marketplace that cannot be reached leaves the state as it was.
 */
export async function checkStoreAuth(ctx: MarketCtx, input: IdInput): Promise<StoreAuthCheck> {
  const store = await findStore(ctx, input.id);
  const connector = connectorFor(ctx, store);
  const session = sessionOf(ctx, store);
  let authStatus = store.authStatus;
  let message: string;
  try {
    await connector.checkAuthorization(session);
    authStatus = 'active';
    message = 'The authorization works';
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    if (error.kind === 'auth') {
      authStatus = failedAuthStatus(session.auth);
      message = `${MARKETPLACE_NAMES[store.marketplace]} refused the authorization (${error.message}); authorize the store again`;
    } else {
      message = `Could not check the authorization now: ${error.message}`;
    }
  }
  if (authStatus !== store.authStatus) {
    await ctx.db
      .update(stores)
      .set({ authStatus, updatedAt: new Date() })
      .where(eq(stores.id, store.id));
  }
  return { id: store.id, auth_status: authStatus, message };
}
