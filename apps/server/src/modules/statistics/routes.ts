import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Dashboard,
  PurchaseSpend,
  RankList,
  RankListQuery,
  StatisticsMarkets,
  StatisticsOverview,
  StatisticsQuery,
  StatisticsExportQuery,
  StatisticsSeries,
  StatStores,
} from '@app/shared';
import type { PermRequirement } from '@app/shared';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { statisticsWorkbook } from './export.ts';
import {
  dashboard,
  markets,
  overview,
  purchaseSpend,
  rankList,
  series,
  ANY_STAT_PERM,
  STAT_PERMS,
  statStores,
} from './service.ts';

const tags = ['statistics'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const user = (perm: PermRequirement) => ({ access: { auth: 'user' as const, perm } });

/**
 * `/api/statistics/*`, `/api/getRankList` and `/api/index` (spec 7): figures from the rollups
 * in the seller's currency, each page's call behind that page's permission, staff seeing only
 * the stores assigned to them.
 */
export function registerStatisticsRoutes(app: App): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(
    r,
    {
      method: 'GET',
      url: '/api/statistics/index',
      tags,
      summary: "The range's totals, and today against yesterday and the same weekday last week",
      querystring: StatisticsQuery,
      response: StatisticsOverview,
      ...user(STAT_PERMS.index),
    },
    (ctx, q) => overview(ctx, q),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/statistics/order',
      tags,
      summary: 'Orders, units and the money figures per day, week or month of the range',
      querystring: StatisticsQuery,
      response: StatisticsSeries,
      ...user(STAT_PERMS.order),
    },
    (ctx, q) => series(ctx, q),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/statistics/sale',
      tags,
      summary: 'Sales, refunds, cost, fees and profit per day, week or month of the range',
      querystring: StatisticsQuery,
      response: StatisticsSeries,
      ...user(STAT_PERMS.sale),
    },
    (ctx, q) => series(ctx, q),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/statistics/market',
      tags,
      summary: 'The figures per store and per marketplace over the range',
      querystring: StatisticsQuery,
      response: StatisticsMarkets,
      ...user(STAT_PERMS.market),
    },
    (ctx, q) => markets(ctx, q),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/statistics/cw-order',
      tags,
      summary: 'Purchase orders paid per day, week or month of the range, net of refunds',
      querystring: StatisticsQuery,
      response: PurchaseSpend,
      ...user(STAT_PERMS.purchases),
    },
    (ctx, q) => purchaseSpend(ctx, q),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/getRankList',
      tags,
      summary: 'Top SKUs over the range by `order` (sales, units, orders) and `sort` (asc, desc)',
      querystring: RankListQuery,
      response: RankList,
      ...user(STAT_PERMS.rank),
    },
    (ctx, q) => rankList(ctx, q),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/statistics/stores',
      tags,
      summary: "The stores the statistics filters offer: the seller's, or a staff member's own",
      response: StatStores,
      ...user(ANY_STAT_PERM),
    },
    (ctx) => statStores(ctx),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/index',
      tags,
      summary:
        "The home dashboard: today's orders and sales, orders and purchase orders waiting, failed listings",
      response: Dashboard,
      access: { auth: 'user' },
    },
    (ctx) => dashboard(ctx),
  );
  r.get(
    '/api/statistics/export',
    {
      schema: {
        tags,
        summary: "One statistics page's table (`view`) for the same filters, as xlsx",
        querystring: StatisticsExportQuery,
        produces: [XLSX],
      },
      config: { access: { auth: 'user' } },
    },
    async (request, reply) => {
      const { view, ...q } = request.query;
      const bytes = await statisticsWorkbook(request.ctx, view, q);
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="statistics-${view}.xlsx"`)
        .send(bytes);
    },
  );
}
