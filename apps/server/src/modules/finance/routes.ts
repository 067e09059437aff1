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
  PurchaseOrderDetail,
  PurchaseOrderPage,
  PurchaseOrderQuery,
  IdQuery,
  type PermRequirement,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { sendCsv } from '../../http/csv.ts';
import { route } from '../../http/route.ts';
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
import { showPurchaseOrder } from './po-detail.ts';
import { cancelPurchaseOrder, listPurchaseOrders } from './purchase-orders.ts';
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
/** Reading purchase orders, for who follows their shipping without the money (order clerk). */
const PO_READ = permOf('/my/accountPay', 'list');
const RECHARGE = permOf('/my/recharge', 'add');
const CONSUME = permOf('/my/consume', 'list');
const FREEZE = permOf('/my/freezerecords', 'list');
const CONSUME_EXPORT = permOf('/my/consume', 'export');
const BILL = permOf('/my/platformbill', 'list');
const BILL_EXPORT = permOf('/my/platformbill', 'export');

const can = (perm: PermRequirement): { access: Access } => ({ access: { auth: 'user', perm } });
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
  route(
    r,
    {
      method: 'GET',
      url: '/api/finance/info',
      tags: ['finance'],
      summary: 'Balance, frozen amount and member level',
      security,
      response: FinanceInfo,
      ...can({ or: [PAY, RECHARGE, CONSUME, FREEZE] }),
    },
    (ctx) => financeInfo(ctx),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/finance/detail',
      tags: ['finance'],
      summary: 'Ledger of every money movement',
      security,
      querystring: LedgerQuery,
      response: LedgerPage,
      ...can(CONSUME),
    },
    (ctx, input) => ledgerPage(ctx, input),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/finance/frozen',
      tags: ['finance'],
      summary: 'Freeze and unfreeze records',
      security,
      querystring: LedgerQuery,
      response: LedgerPage,
      ...can(FREEZE),
    },
    (ctx, input) => ledgerPage(ctx, input, ['freeze', 'unfreeze']),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/finance/rule',
      tags: ['finance'],
      summary: 'Recharge rules: minimum and bonus tiers',
      security,
      response: FinanceRule,
      ...can(RECHARGE),
    },
    (ctx) => getRule(ctx.db),
  );

  // Levels: one purchase implementation behind both paths.
  for (const url of ['/api/finance/buy', '/api/level/buy']) {
    route(
      r,
      {
        method: 'POST',
        url,
        tags: ['level'],
        summary: 'Buy a member level from the balance',
        security,
        headers: idempotencyHeader,
        body: BuyLevelInput,
        response: BuyLevelResult,
        ...can(PAY),
      },
      async (_ctx, input, request) => {
        await checkPayPassword(request, input.pay_password);
        return idempotent(request, (ctx) => buyLevel(ctx, input.level_id));
      },
    );
  }
  route(
    r,
    {
      method: 'GET',
      url: '/api/level/list',
      tags: ['level'],
      summary: 'Member levels with price, duration and discount (public; `current` when signed in)',
      security,
      response: z.array(MemberLevel),
      access: { auth: 'public' },
    },
    (ctx) => listLevels(ctx),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/level/member-list',
      tags: ['level'],
      summary: "The seller's level purchases",
      security,
      response: z.array(LevelPurchase),
      ...can({ or: [PAY, CONSUME] }),
    },
    (ctx) => levelHistory(ctx),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/level/deduction',
      tags: ['level'],
      summary: "What the seller's level takes off an amount",
      security,
      querystring: DeductionInput,
      response: Deduction,
      ...can({ or: [PAY, permOf('/goods/checkout', 'submit')] }),
    },
    (ctx, input) => deduction(ctx, input.amount_minor),
  );

  // Balance payments
  route(
    r,
    {
      method: 'POST',
      url: '/api/pay/accountPay',
      tags: ['pay'],
      summary: 'Pay a purchase order from the balance',
      security,
      headers: idempotencyHeader,
      body: AccountPayInput,
      response: AccountPayResult,
      ...can(PAY),
    },
    async (_ctx, input, request) => {
      await checkPayPassword(request, input.pay_password);
      return idempotent(request, (ctx) => accountPay(ctx, input.order_id));
    },
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/pay/batchAccountPay',
      tags: ['pay'],
      summary: 'Pay several purchase orders from the balance, all or none',
      security,
      headers: idempotencyHeader,
      body: BatchAccountPayInput,
      response: BatchAccountPayResult,
      ...can(PAY),
    },
    async (_ctx, input, request) => {
      await checkPayPassword(request, input.pay_password);
      return idempotent(request, (ctx) => batchAccountPay(ctx, input.order_ids));
    },
  );

  // Alipay
  route(
    r,
    {
      method: 'POST',
      url: '/api/pay/alipay',
      tags: ['pay'],
      summary: 'Recharge the balance through Alipay page pay',
      security,
      headers: idempotencyHeader,
      body: AlipayRechargeInput,
      response: AlipayPayment,
      ...can(RECHARGE),
    },
    (_ctx, input, request) =>
      idempotent(request, (ctx) =>
        startRecharge({ ...payCtx(request), ...ctx }, input.amount_minor),
      ),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/pay/alipayOrder',
      tags: ['pay'],
      summary: 'Pay a purchase order through Alipay page pay',
      security,
      headers: idempotencyHeader,
      body: AlipayOrderInput,
      response: AlipayPayment,
      ...can(PAY),
    },
    (_ctx, input, request) =>
      idempotent(request, (ctx) =>
        startOrderPayment({ ...payCtx(request), ...ctx }, [input.order_id], 'order'),
      ),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/pay/batchAlipayOrder',
      tags: ['pay'],
      summary: 'Pay several purchase orders in one Alipay trade',
      security,
      headers: idempotencyHeader,
      body: BatchAlipayOrderInput,
      response: AlipayPayment,
      ...can(PAY),
    },
    (_ctx, input, request) =>
      idempotent(request, (ctx) =>
        startOrderPayment({ ...payCtx(request), ...ctx }, input.order_ids, 'batch'),
      ),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/pay/query',
      tags: ['pay'],
      summary: "An online payment's state, asked of Alipay while pending",
      security,
      querystring: PayQuery,
      response: PaymentState,
      ...can({ or: [PAY, RECHARGE] }),
    },
    (_ctx, input, request) => queryPayment(payCtx(request), input.out_trade_no),
  );

  // Purchase orders
  route(
    r,
    {
      method: 'GET',
      url: '/api/purchase-order/list',
      tags: ['purchase-order'],
      summary: 'Purchase orders, newest first, by status and number or SKU code (beyond the spec)',
      security,
      querystring: PurchaseOrderQuery,
      response: PurchaseOrderPage,
      ...can({ or: [PO_READ, PAY, CONSUME] }),
    },
    (ctx, input) => listPurchaseOrders(ctx, input),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/purchase-order/show',
      tags: ['purchase-order'],
      summary:
        'One purchase order with its snapshot, production, packages with tracking and log (beyond the spec)',
      security,
      querystring: IdQuery,
      response: PurchaseOrderDetail,
      ...can({ or: [PO_READ, PAY, CONSUME] }),
    },
    (ctx, input) => showPurchaseOrder(ctx, input.id),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/purchase-order/cancel',
      tags: ['purchase-order'],
      summary:
        'Cancel an order: unpaid ones release their stock, paid ones are refunded (beyond the spec)',
      security,
      headers: idempotencyHeader,
      body: CancelPurchaseOrderInput,
      response: PurchaseOrder,
      ...can(PAY),
    },
    (_ctx, input, request) =>
      idempotent(request, (ctx) => cancelPurchaseOrder(ctx, provider, input)),
  );

  // Platform bill and exports
  route(
    r,
    {
      method: 'GET',
      url: '/api/finance/bill',
      tags: ['finance'],
      summary: 'Monthly bill of a year, Beijing calendar months up to now (beyond the spec)',
      security,
      querystring: BillQuery,
      response: z.array(BillMonth),
      ...can(BILL),
    },
    (ctx, input) => billOfYear(ctx, input.year),
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
