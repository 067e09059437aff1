import {
  IdInput,
  IdQuery,
  permOf,
  SysBalanceAdjustInput,
  SysBalanceAdjustResult,
  SysSellerDetail,
  SysSellerFreezeInput,
  SysSellerPage,
  SysSellerQuery,
} from '@app/shared';
import type { Access } from '../../http/access.ts';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { idempotencyHeader, idempotent } from '../finance/index.ts';
import {
  adjustBalance,
  freezeSeller,
  pageSellers,
  requireSeller,
  sellerInfo,
  unfreezeSeller,
} from './service.ts';

const PAGE = '/sys/seller';
/** The operator's permissions on sellers (`sys:seller:<action>`, seeded with the menu). */
export const SELLER_PERMS = {
  page: permOf(PAGE, 'page'),
  info: permOf(PAGE, 'info'),
  freeze: permOf(PAGE, 'freeze'),
  balance: permOf(PAGE, 'balance'),
} as const;

const can = (perm: string): { access: Access } => ({ access: { auth: 'admin', perm } });
const tags = ['sys/seller'];

/** `/api/sys/seller/*`: the seller list, one seller read-only, freezing and balance adjustments. */
export function registerSysSellerRoutes(app: App): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/seller/page',
      tags,
      summary: "Sellers by name, the boss's e-mail or mobile, and state (active or frozen)",
      querystring: SysSellerQuery,
      response: SysSellerPage,
      ...can(SELLER_PERMS.page),
    },
    (ctx, input) => pageSellers(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/seller/info',
      tags,
      summary: 'One seller, read-only: stores, balance, counts and the latest ledger entries',
      querystring: IdQuery,
      response: SysSellerDetail,
      ...can(SELLER_PERMS.info),
    },
    (ctx, input) => sellerInfo(ctx, input.id),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/seller/freeze',
      tags,
      summary: "Freeze a seller: its users' tokens and logins are refused until unfrozen",
      body: SysSellerFreezeInput,
      response: SysSellerDetail,
      ...can(SELLER_PERMS.freeze),
    },
    (ctx, input) => freezeSeller(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/seller/unfreeze',
      tags,
      summary: 'Unfreeze a seller: its users may sign in again',
      body: IdInput,
      response: SysSellerDetail,
      ...can(SELLER_PERMS.freeze),
    },
    (ctx, input) => unfreezeSeller(ctx, input.id),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/seller/adjust-balance',
      tags,
      summary:
        "Credit or debit a seller's balance with a reason: a ledger entry, once per Idempotency-Key",
      headers: idempotencyHeader,
      body: SysBalanceAdjustInput,
      response: SysBalanceAdjustResult,
      ...can(SELLER_PERMS.balance),
    },
    async (ctx, input, request) => {
      // The idempotency key belongs to the seller, so an unknown one is a 404 before it.
      await requireSeller(ctx, input.id);
      return idempotent(request, (tx) => adjustBalance(tx, input), { sellerId: input.id });
    },
  );
}
