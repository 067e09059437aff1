import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountPayInput,
  AccountPayResult,
  AlipayOrderInput,
  AlipayPayment,
  AlipayRechargeInput,
  BatchAccountPayInput,
  BatchAccountPayResult,
  BatchAlipayOrderInput,
  BillExportQuery,
  BillMonth,
  BillQuery,
  CancelPurchaseOrderInput,
  BuyLevelInput,
  BuyLevelResult,
  Deduction,
  DeductionInput,
  envelopeOf,
  FinanceInfo,
  FinanceRule,
  LedgerPage,
  LedgerQuery,
  LevelPurchase,
  MemberLevel,
  PaymentState,
  PayQuery,
  permOf,
  PurchaseOrder,
  PurchaseOrderPage,
  PurchaseOrderQuery,
  IdQuery,
  type PermRequirement,
} from '@app/shared';
import type { App, AppDeps } from '../../app.ts';
import type { Access } from '../../http/access.ts';
import { sendCsv } from '../../http/csv.ts';
import { ok } from '../../http/envelope.ts';
import { createPaymentProvider } from '../../integrations/payments/alipay.ts';
import { accountPay, batchAccountPay } from './account-pay.ts';
import { billMonthCsv, billOfYear, ledgerExportCsv } from './bill.ts';
import { idempotencyHeader, idempotent } from './idempotency.ts';
import {
  handleNotify,
  queryPayment,
  startOrderPayment,
  startRecharge,
  type OnlinePayCtx,
  type PayUrls,
} from './online-pay.ts';
import { payPasswordCheck } from './pay-password.ts';
import { cancelPurchaseOrder, listPurchaseOrders, showPurchaseOrder } from './purchase-orders.ts';
import { getRule } from './rules.ts';
import {
  buyLevel,
  deduction,
  financeInfo,
  ledgerPage,
  levelHistory,
  listLevels,
} from './service.ts';

const PAY = permOf('/my/accountPay', 'pay');
const RECHARGE = permOf('/my/recharge', 'add');
const CONSUME = permOf('/my/consume', 'list');
const FREEZE = permOf('/my/freezerecords', 'list');
const CONSUME_EXPORT = permOf('/my/consume', 'export');
const BILL = permOf('/my/platformbill', 'list');
const BILL_EXPORT = permOf('/my/platformbill', 'export');

const can = (perm: PermRequirement): { access: Access } => ({ access: { auth: 'user', perm } });
const signedIn = { access: { auth: 'user' } } as const satisfies { access: Access };
const security = [{ bearer: [] }];

/**
 * Without `PUBLIC_URL`, Alipay sends the buyer back to the origin the browser called from
 * (localhost, 127.0.0.1, a LAN name, the Vite dev server), where its session lives. `Origin`
 * only steers the caller's own redirect, and proof of payment never comes from the return.
 */
function browserOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (!origin) return null;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** `/api/finance/*`, `/api/level/*` and `/api/pay/*`: balance, ledger, levels and payments. */
export function registerFinanceRoutes(app: App, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  const checkPayPassword = payPasswordCheck(app);
  const provider = createPaymentProvider(config);
  const apiBase = (config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/$/, '');
  const notifyUrl = `${apiBase}/api/pay/alipay/notify`;
  const payCtx = (request: FastifyRequest): OnlinePayCtx => {
    const webBase = (
      config.PUBLIC_URL ??
      browserOrigin(request) ??
      `http://localhost:${config.PORT}`
    ).replace(/\/$/, '');
    const urls: PayUrls = {
      notifyUrl,
      returnUrl: (outTradeNo, purpose) =>
        `${webBase}${purpose === 'recharge' ? '/my/recharge' : '/my/accountPay'}?out_trade_no=${outTradeNo}`,
    };
    return { ...request.ctx, provider, urls };
  };

  // Finance
  r.get(
    '/api/finance/info',
    {
      schema: {
        tags: ['finance'],
        security,
        summary: 'Balance, frozen amount and member level',
        response: { 200: envelopeOf(FinanceInfo) },
      },
      config: can({ or: [PAY, RECHARGE, CONSUME, FREEZE] }),
    },
    async (request) => ok(await financeInfo(request.ctx)),
  );
  r.get(
    '/api/finance/detail',
    {
      schema: {
        tags: ['finance'],
        security,
        summary: 'Ledger of every money movement',
        querystring: LedgerQuery,
        response: { 200: envelopeOf(LedgerPage) },
      },
      config: can(CONSUME),
    },
    async (request) => ok(await ledgerPage(request.ctx, request.query)),
  );
  r.get(
    '/api/finance/frozen',
    {
      schema: {
        tags: ['finance'],
        security,
        summary: 'Freeze and unfreeze records',
        querystring: LedgerQuery,
        response: { 200: envelopeOf(LedgerPage) },
      },
      config: can(FREEZE),
    },
    async (request) => ok(await ledgerPage(request.ctx, request.query, ['freeze', 'unfreeze'])),
  );
  r.get(
    '/api/finance/rule',
    {
      schema: {
        tags: ['finance'],
        security,
        summary: 'Recharge rules: minimum and bonus tiers',
        response: { 200: envelopeOf(FinanceRule) },
      },
      config: can(RECHARGE),
    },
    async (request) => ok(await getRule(request.ctx.db)),
  );

  // Levels: one purchase implementation behind both paths.
  const buyRoute = {
    schema: {
      tags: ['level'],
      security,
      summary: 'Buy a member level from the balance',
      headers: idempotencyHeader,
      body: BuyLevelInput,
      response: { 200: envelopeOf(BuyLevelResult) },
    },
    config: signedIn,
  };
  const buy = async (request: FastifyRequest<{ Body: BuyLevelInput }>) => {
    await checkPayPassword(request, request.body.pay_password);
    return ok(await idempotent(request, (ctx) => buyLevel(ctx, request.body.level_id)));
  };
  r.post('/api/finance/buy', buyRoute, buy);
  r.post('/api/level/buy', buyRoute, buy);
  r.get(
    '/api/level/list',
    {
      schema: {
        tags: ['level'],
        security,
        summary:
          'Member levels with price, duration and discount (public; `current` when signed in)',
        response: { 200: envelopeOf(z.array(MemberLevel)) },
      },
      config: { access: { auth: 'public' } },
    },
    async (request) => ok(await listLevels(request.ctx)),
  );
  r.get(
    '/api/level/member-list',
    {
      schema: {
        tags: ['level'],
        security,
        summary: "The seller's level purchases",
        response: { 200: envelopeOf(z.array(LevelPurchase)) },
      },
      config: signedIn,
    },
    async (request) => ok(await levelHistory(request.ctx)),
  );
  r.get(
    '/api/level/deduction',
    {
      schema: {
        tags: ['level'],
        security,
        summary: "What the seller's level takes off an amount",
        querystring: DeductionInput,
        response: { 200: envelopeOf(Deduction) },
      },
      config: signedIn,
    },
    async (request) => ok(await deduction(request.ctx, request.query.amount_minor)),
  );

  // Balance payments
  r.post(
    '/api/pay/accountPay',
    {
      schema: {
        tags: ['pay'],
        security,
        summary: 'Pay a purchase order from the balance',
        headers: idempotencyHeader,
        body: AccountPayInput,
        response: { 200: envelopeOf(AccountPayResult) },
      },
      config: can(PAY),
    },
    async (request) => {
      await checkPayPassword(request, request.body.pay_password);
      return ok(await idempotent(request, (ctx) => accountPay(ctx, request.body.order_id)));
    },
  );
  r.post(
    '/api/pay/batchAccountPay',
    {
      schema: {
        tags: ['pay'],
        security,
        summary: 'Pay several purchase orders from the balance, all or none',
        headers: idempotencyHeader,
        body: BatchAccountPayInput,
        response: { 200: envelopeOf(BatchAccountPayResult) },
      },
      config: can(PAY),
    },
    async (request) => {
      await checkPayPassword(request, request.body.pay_password);
      return ok(await idempotent(request, (ctx) => batchAccountPay(ctx, request.body.order_ids)));
    },
  );

  // Alipay
  const alipayRoute = <B extends z.ZodType>(summary: string, body: B, perm: PermRequirement) => ({
    schema: {
      tags: ['pay'],
      security,
      summary,
      headers: idempotencyHeader,
      body,
      response: { 200: envelopeOf(AlipayPayment) },
    },
    config: can(perm),
  });
  r.post(
    '/api/pay/alipay',
    alipayRoute('Recharge the balance through Alipay page pay', AlipayRechargeInput, RECHARGE),
    async (request) =>
      ok(
        await idempotent(request, (ctx) =>
          startRecharge({ ...payCtx(request), ...ctx }, request.body.amount_minor),
        ),
      ),
  );
  r.post(
    '/api/pay/alipayOrder',
    alipayRoute('Pay a purchase order through Alipay page pay', AlipayOrderInput, PAY),
    async (request) =>
      ok(
        await idempotent(request, (ctx) =>
          startOrderPayment({ ...payCtx(request), ...ctx }, [request.body.order_id], 'order'),
        ),
      ),
  );
  r.post(
    '/api/pay/batchAlipayOrder',
    alipayRoute('Pay several purchase orders in one Alipay trade', BatchAlipayOrderInput, PAY),
    async (request) =>
      ok(
        await idempotent(request, (ctx) =>
          startOrderPayment({ ...payCtx(request), ...ctx }, request.body.order_ids, 'batch'),
        ),
      ),
  );
  r.get(
    '/api/pay/query',
    {
      schema: {
        tags: ['pay'],
        security,
        summary: "An online payment's state, asked of Alipay while pending",
        querystring: PayQuery,
        response: { 200: envelopeOf(PaymentState) },
      },
      config: can({ or: [PAY, RECHARGE] }),
    },
    async (request) => ok(await queryPayment(payCtx(request), request.query.out_trade_no)),
  );

  // Purchase orders
  r.get(
    '/api/purchase-order/list',
    {
      schema: {
        tags: ['purchase-order'],
        security,
        summary:
          'Purchase orders, newest first, by status and number or SKU code (beyond the spec)',
        querystring: PurchaseOrderQuery,
        response: { 200: envelopeOf(PurchaseOrderPage) },
      },
      config: can({ or: [PAY, CONSUME] }),
    },
    async (request) => ok(await listPurchaseOrders(request.ctx, request.query)),
  );
  r.get(
    '/api/purchase-order/show',
    {
      schema: {
        tags: ['purchase-order'],
        security,
        summary: 'One purchase order with its snapshot (beyond the spec)',
        querystring: IdQuery,
        response: { 200: envelopeOf(PurchaseOrder) },
      },
      config: can({ or: [PAY, CONSUME] }),
    },
    async (request) => ok(await showPurchaseOrder(request.ctx, request.query.id)),
  );
  r.post(
    '/api/purchase-order/cancel',
    {
      schema: {
        tags: ['purchase-order'],
        security,
        summary:
          'Cancel an order: unpaid ones release their stock, paid ones are refunded (beyond the spec)',
        headers: idempotencyHeader,
        body: CancelPurchaseOrderInput,
        response: { 200: envelopeOf(PurchaseOrder) },
      },
      config: can(PAY),
    },
    async (request) =>
      ok(await idempotent(request, (ctx) => cancelPurchaseOrder(ctx, provider, request.body))),
  );

  // Platform bill and exports
  r.get(
    '/api/finance/bill',
    {
      schema: {
        tags: ['finance'],
        security,
        summary: 'Monthly bill of a year, Beijing calendar months up to now (beyond the spec)',
        querystring: BillQuery,
        response: { 200: envelopeOf(z.array(BillMonth)) },
      },
      config: can(BILL),
    },
    async (request) => ok(await billOfYear(request.ctx, request.query.year)),
  );
  r.get(
    '/api/finance/bill/export',
    {
      schema: {
        tags: ['finance'],
        security,
        summary: "A month's ledger entries as CSV, UTF-8 with BOM (beyond the spec)",
        querystring: BillExportQuery,
        produces: ['text/csv'],
      },
      config: can(BILL_EXPORT),
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `bill-${request.query.month}.csv`,
        await billMonthCsv(request.ctx, request.query.month),
      ),
  );
  r.get(
    '/api/finance/export',
    {
      schema: {
        tags: ['finance'],
        security,
        summary:
          'The ledger under the consume filters as CSV, at most 50,000 rows (beyond the spec)',
        querystring: LedgerQuery.omit({ page: true, size: true }),
        produces: ['text/csv'],
      },
      config: can(CONSUME_EXPORT),
    },
    async (request, reply) =>
      sendCsv(reply, 'ledger.csv', await ledgerExportCsv(request.ctx, request.query)),
  );

  // Alipay's async notify: a form post, answered with the plain text `success` (reference 5.5).
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    scope.post(
      '/api/pay/alipay/notify',
      {
        schema: { tags: ['pay'], summary: 'Alipay async notify (form post)', hide: true },
        config: { access: { auth: 'public' } },
      },
      async (request, reply) => {
        const params = (request.body ?? {}) as Record<string, string>;
        const outcome = await handleNotify(payCtx(request), params);
        const accepted = outcome === 'credited' || outcome === 'already' || outcome === 'not_paid';
        return reply
          .status(accepted ? 200 : 400)
          .type('text/plain; charset=utf-8')
          .send(accepted ? 'success' : 'fail');
      },
    );
  });
}
