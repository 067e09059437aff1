import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  MARKETPLACE_NAMES,
  MARKETPLACES,
  marketSiteById,
  MARKET_SITES,
  type AuthorizationUrl,
  type AuthorizationUrlInput,
  type AuthorizedStore,
  type CompleteAuthorizationInput,
  type StoreTokenInput,
  type Marketplace,
  type TemuMode,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { oauthStates, stores, storeStaff, users } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ValidationError } from '../../errors.ts';
import { MarketplaceError, type StoreAuth } from '../../integrations/marketplaces/connector.ts';
import { ofSeller, requireUser, sellerIdOf } from '../../tenancy.ts';
import { findStore, sealAuth, siteOf, storeSessionFor, type MarketCtx } from './service.ts';

/** How long a consent link works: the state expires, and with it the link. */
export const OAUTH_STATE_TTL_SECONDS = 600;
const MAX_ERROR_LENGTH = 200;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** The marketplace redirects the seller's browser here after consent (or refusal). */
export function callbackUrl(origin: string, marketplace: Marketplace): string {
  return `${origin.replace(/\/$/, '')}/api/market/callback/${marketplace}`;
}

/**
 * Starts a marketplace's OAuth: stores a single-use state for this seller and user (and the
 * store to re-authorize, if any) and answers the marketplace's consent link.
 */
export async function createAuthorizationUrl(
  ctx: MarketCtx,
  input: AuthorizationUrlInput,
  origin: string,
): Promise<AuthorizationUrl> {
  const actor = requireUser(ctx);
  const site = marketSiteById(input.market_site_id);
  if (!site) throw new ValidationError({ market_site_id: 'markets.unknown_site' });
  const connector = ctx.connectors[site.marketplace];
  if (!connector) {
    throw new ValidationError({
      market_site_id: {
        key: 'markets.marketplace_unavailable',
        params: { marketplace: MARKETPLACE_NAMES[site.marketplace] },
      },
    });
  }
  let shop = input.shop;
  if (input.store_id !== undefined) {
    const store = await findStore(ctx, input.store_id);
    if (store.marketSiteId !== site.id) {
      throw new ValidationError({ store_id: 'markets.store_on_other_site' });
    }
    if (site.marketplace === 'shopify') shop ??= store.account;
  }
  if (site.marketplace === 'shopify' && !shop) {
    throw new ValidationError({ shop: 'validation.shopify_shop' });
  }

  const state = randomBytes(32).toString('base64url');
  const redirectUri = callbackUrl(origin, site.marketplace);
  const mode = modeOf(site.marketplace, input.temu_mode);
  const url = connector.authorizeUrl({
    site,
    state,
    redirectUri,
    ...(shop ? { shop } : {}),
    ...(mode ? { mode } : {}),
  });
  await ctx.db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now() - interval '1 day'`));
  await ctx.db.insert(oauthStates).values({
    stateHash: hashState(state),
    sellerId: sellerIdOf(ctx),
    userId: actor.userId,
    marketSiteId: site.id,
    storeId: input.store_id ?? null,
    alias: input.alias || null,
    shop: site.marketplace === 'shopify' ? shop! : null,
    mode,
    redirectUri,
    expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_SECONDS * 1000),
  });
  return { url, expires_in: OAUTH_STATE_TTL_SECONDS };
}

/** Temu's mode as chosen (local unless cross-border was); other marketplaces have none. */
function modeOf(marketplace: string, chosen: TemuMode | undefined): TemuMode | null {
  return marketplace === 'temu' ? (chosen ?? 'local') : null;
}

/**
 * Marketplaces whose callback carries only the code: Temu redirects to the app's one registered
 * URL with `?code=` (reference 4.4), so nothing in it says which seller consented.
 */
const STATELESS_CALLBACK = new Set<string>(['temu']);

/** A callback failure whose message is fit to show the seller. */
class AuthorizationFailure extends Error {}

type StateRow = typeof oauthStates.$inferSelect;

/** Marks the state used and returns its row; unknown, used and expired states fail. */
async function consumeState(ctx: Ctx, state: string | undefined): Promise<StateRow> {
  if (!state) throw new AuthorizationFailure('The marketplace sent no state; start again');
  const [row] = await ctx.db
    .update(oauthStates)
    .set({ usedAt: new Date() })
    .where(and(eq(oauthStates.stateHash, hashState(state)), isNull(oauthStates.usedAt)))
    .returning();
  if (!row)
    throw new AuthorizationFailure('This authorization link is invalid or was already used');
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new AuthorizationFailure('This authorization link expired; start again');
  }
  return row;
}

/** The store the authorization lands in: the one being re-authorized, or the seller's store for that account. */
async function saveStore(
  ctx: MarketCtx,
  state: Pick<StateRow, 'sellerId' | 'userId' | 'marketSiteId' | 'storeId' | 'alias' | 'mode'>,
  auth: StoreAuth,
  sandbox: boolean,
): Promise<number> {
  const site = siteOf(state.marketSiteId);
  const now = new Date();
  const sealed = sealAuth(ctx.box, auth);
  const authorized = {
    ...sealed,
    mode: state.mode,
    source: sandbox ? ('sandbox' as const) : ('live' as const),
    authStatus: 'active' as const,
    authorizedAt: now,
    updatedAt: now,
  };
  return withTransaction(ctx, async (tx) => {
    const [user] = await tx.db
      .select({ isBoss: users.isBoss, status: users.status })
      .from(users)
      .where(and(eq(users.id, state.userId), ofSeller(users.sellerId, state.sellerId)))
      .limit(1);
    if (!user || user.status !== 1) {
      throw new AuthorizationFailure('The account that started this authorization is disabled');
    }
    let storeId: number;
    if (state.storeId !== null) {
      const [store] = await tx.db
        .select({ id: stores.id, account: stores.account })
        .from(stores)
        .where(and(eq(stores.id, state.storeId), ofSeller(stores.sellerId, state.sellerId)))
        .for('update');
      if (!store) throw new AuthorizationFailure('The store to re-authorize no longer exists');
      if (store.account !== auth.account) {
        throw new AuthorizationFailure(
          `You signed in as ${auth.account}, but this store is ${store.account}; authorize with that account`,
        );
      }
      await tx.db
        .update(stores)
        .set({ ...authorized, ...(state.alias ? { alias: state.alias } : {}) })
        .where(eq(stores.id, store.id));
      storeId = store.id;
    } else {
      const alias =
        state.alias ?? `${MARKETPLACE_NAMES[site.marketplace]} ${site.code} ${auth.account}`;
      const [row] = await tx.db
        .insert(stores)
        .values({
          ...authorized,
          sellerId: state.sellerId,
          marketplace: site.marketplace,
          marketSiteId: site.id,
          account: auth.account,
          alias,
        })
        .onConflictDoUpdate({
          target: [stores.sellerId, stores.marketSiteId, stores.account],
          set: { ...authorized, ...(state.alias ? { alias: state.alias } : {}) },
        })
        .returning({ id: stores.id });
      storeId = row!.id;
    }
    // Staff see only their assigned stores; one they authorize themselves is theirs to use.
    if (!user.isBoss) {
      await tx.db
        .insert(storeStaff)
        .values({ storeId, userId: state.userId })
        .onConflictDoNothing();
    }
    return storeId;
  });
}

function failureMessage(error: unknown): string | null {
  if (error instanceof AuthorizationFailure) return error.message;
  if (error instanceof MarketplaceError) return error.message;
  return null;
}

/**
 * Completes an authorization at the marketplace's callback. Public: the single-use state is
 * what authenticates it. Always answers where to send the browser, never an error page:
 * `/market/index?authorized=<store id>` or `/market/index?auth_error=<message>`.
 */
export async function completeAuthorization(
  ctx: MarketCtx,
  marketplace: string,
  query: Record<string, unknown>,
  storesPage: string,
): Promise<string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string') params[key] = value;
  }
  try {
    if (STATELESS_CALLBACK.has(marketplace) && !params.state) {
      if (!params.code) {
        const name = MARKETPLACE_NAMES[marketplace as Marketplace];
        throw new AuthorizationFailure(`${name} authorization was declined`);
      }
      // Only the seller's own signed-in browser may spend it (completePendingAuthorization).
      return `${storesPage}?${new URLSearchParams({ [`${marketplace}_code`]: params.code })}`;
    }
    const state = await consumeState(ctx, params.state);
    const site = siteOf(state.marketSiteId);
    if (
      !(MARKETPLACES as readonly string[]).includes(marketplace) ||
      site.marketplace !== marketplace
    ) {
      throw new AuthorizationFailure('This authorization came back from another marketplace');
    }
    const name = MARKETPLACE_NAMES[site.marketplace];
    if (params.error) {
      throw new AuthorizationFailure(
        `${name} authorization was declined: ${params.error_description || params.error}`,
      );
    }
    const connector = ctx.connectors[site.marketplace];
    if (!connector) throw new AuthorizationFailure(`${name} is not available on this server`);
    const auth = await connector.completeAuthorization({
      site,
      query: params,
      redirectUri: state.redirectUri,
    });
    if (state.shop && auth.account !== state.shop) {
      throw new AuthorizationFailure(`${name} authorized ${auth.account}, not ${state.shop}`);
    }
    const storeId = await saveStore(ctx, state, auth, connector.sandbox);
    await subscribeEvents(ctx, storeId);
    return `${storesPage}?authorized=${storeId}`;
  } catch (error) {
    const message = failureMessage(error);
    if (message === null) ctx.log.error({ err: error }, 'store authorization failed');
    else ctx.log.warn({ marketplace, reason: message }, 'store authorization refused');
    const shown = (message ?? 'The authorization failed; please try again').slice(
      0,
      MAX_ERROR_LENGTH,
    );
    return `${storesPage}?auth_error=${encodeURIComponent(shown)}`;
  }
}

/**
 * Asks the marketplace to push the store's events to `/api/webhooks/<marketplace>` where it can
 * (Shopify's webhooks). A refusal does not undo the authorization: the scheduled sync still
 * reads every order, only later.
 */
async function subscribeEvents(ctx: MarketCtx, storeId: number): Promise<void> {
  if (!ctx.publicBase) return;
  const [store] = await ctx.db.select().from(stores).where(eq(stores.id, storeId));
  if (!store) return;
  const { connector, session } = storeSessionFor(ctx, store, { forWrite: false });
  if (!connector.subscribeEvents) return;
  try {
    await connector.subscribeEvents(session, `${ctx.publicBase}/api/webhooks/${store.marketplace}`);
  } catch (error) {
    ctx.log.warn({ err: error, storeId }, 'event subscription refused; polling stays');
  }
}

/** A marketplace's refusal or a store mismatch as a 422 on the field that carried the grant. */
function refusedOn(field: string, error: unknown): never {
  const reason = failureMessage(error);
  if (reason === null) throw error;
  throw new ValidationError({
    [field]: { key: 'markets.authorization_refused', params: { reason } },
  });
}

/**
 * Completes the signed-in user's latest pending authorization on a marketplace whose callback
 * carries no state (Temu) with the code the callback brought: the user's own session is what
 * binds the code to a seller, so a code alone never lands in anyone's account.
 */
export async function completePendingAuthorization(
  ctx: MarketCtx,
  input: CompleteAuthorizationInput,
): Promise<AuthorizedStore> {
  const actor = requireUser(ctx);
  const [pending] = await ctx.db
    .update(oauthStates)
    .set({ usedAt: new Date() })
    .where(
      eq(
        oauthStates.id,
        ctx.db
          .select({ id: oauthStates.id })
          .from(oauthStates)
          .where(
            and(
              eq(oauthStates.userId, actor.userId),
              ofSeller(oauthStates.sellerId, sellerIdOf(ctx)),
              isNull(oauthStates.usedAt),
              gt(oauthStates.expiresAt, new Date()),
              inArray(oauthStates.marketSiteId, statelessSiteIds()),
            ),
          )
          .orderBy(desc(oauthStates.expiresAt))
          .limit(1),
      ),
    )
    .returning();
  if (!pending) throw new ValidationError({ code: 'markets.no_pending_authorization' });
  const site = siteOf(pending.marketSiteId);
  const connector = ctx.connectors[site.marketplace];
  if (!connector) throw new ValidationError({ code: 'markets.no_pending_authorization' });
  try {
    const auth = await connector.completeAuthorization({
      site,
      query: { code: input.code },
      redirectUri: pending.redirectUri,
    });
    return { store_id: await saveStore(ctx, pending, auth, connector.sandbox) };
  } catch (error) {
    refusedOn('code', error);
  }
}

/** Authorizes a store with an access token the seller pasted (Temu's manual mode). */
export async function authorizeWithToken(
  ctx: MarketCtx,
  input: StoreTokenInput,
): Promise<AuthorizedStore> {
  const actor = requireUser(ctx);
  const site = marketSiteById(input.market_site_id);
  if (!site) throw new ValidationError({ market_site_id: 'markets.unknown_site' });
  const connector = ctx.connectors[site.marketplace];
  if (!connector?.authorizeWithToken) {
    throw new ValidationError({ market_site_id: 'markets.no_token_mode' });
  }
  if (input.store_id !== undefined) {
    const store = await findStore(ctx, input.store_id);
    if (store.marketSiteId !== site.id) {
      throw new ValidationError({ store_id: 'markets.store_on_other_site' });
    }
  }
  try {
    const auth = await connector.authorizeWithToken(site, input.access_token);
    const grant = {
      sellerId: sellerIdOf(ctx),
      userId: actor.userId,
      marketSiteId: site.id,
      storeId: input.store_id ?? null,
      alias: input.alias || null,
      mode: modeOf(site.marketplace, input.temu_mode),
    };
    return { store_id: await saveStore(ctx, grant, auth, connector.sandbox) };
  } catch (error) {
    refusedOn('access_token', error);
  }
}

const statelessSiteIds = () =>
  MARKET_SITES.filter((s) => STATELESS_CALLBACK.has(s.marketplace)).map((s) => s.id);
