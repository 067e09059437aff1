import ExcelJS from 'exceljs';
import { checkPerm, fromMinor, type RankListFilter, type StatView } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { ForbiddenError } from '../../errors.ts';
import { renderText } from '../../i18n/render-text.ts';
import { storeViewOf } from '../../tenancy.ts';
import { loadPerms } from '../menus/index.ts';
import { SELLER_CURRENCY } from './money.ts';
import { markets, overview, purchaseSpend, rankList, series, STAT_PERMS } from './service.ts';

type Cell = string | number;
const FIGURES = ['orders', 'units', 'sales', 'refunds', 'cost', 'fees', 'profit'] as const;
const MONEY = new Set<string>([
  'sales',
  'refunds',
  'cost',
  'fees',
  'profit',
  'amount',
  'refunded',
  'net',
]);

const VIEW_PERM: Record<StatView, string> = {
  index: STAT_PERMS.index,
  order: STAT_PERMS.order,
  sale: STAT_PERMS.sale,
  market: STAT_PERMS.market,
  rank: STAT_PERMS.rank,
  'cw-order': STAT_PERMS.purchases,
};

/** The rows of a view's table: its first columns name the row, the rest are measures. */
async function tableOf(
  ctx: Ctx,
  view: StatView,
  q: RankListFilter,
): Promise<{ columns: string[]; rows: Array<Record<string, Cell>> }> {
  switch (view) {
    case 'index':
    case 'order':
    case 'sale': {
      const data = view === 'index' ? null : await series(ctx, q);
      if (data) return { columns: ['period', ...FIGURES], rows: data.rows };
      const o = await overview(ctx, q);
      return {
        columns: ['period', ...FIGURES],
        rows: [{ period: `${o.start_date} – ${o.end_date}`, ...o.totals }],
      };
    }
    case 'market': {
      const data = await markets(ctx, q);
      return {
        columns: ['store', 'marketplace', ...FIGURES],
        rows: data.stores.map((s) => ({ ...s, store: s.alias })),
      };
    }
    case 'rank': {
      const data = await rankList(ctx, q);
      return { columns: ['rank', 'sku', 'orders', 'units', 'sales'], rows: data.rows };
    }
    case 'cw-order': {
      const data = await purchaseSpend(ctx, q);
      return { columns: ['period', 'count', 'amount', 'refunded', 'net'], rows: data.rows };
    }
  }
}

/** One statistics page's table as an xlsx, headers in the reader's language, amounts in yuan. */
export async function statisticsWorkbook(
  ctx: Ctx,
  view: StatView,
  q: RankListFilter,
): Promise<Buffer> {
  // The route admits any seller user; each view needs its own page's permission.
  if (!storeViewOf(ctx).isBoss && !checkPerm(await loadPerms(ctx), VIEW_PERM[view])) {
    throw new ForbiddenError();
  }
  const { columns, rows } = await tableOf(ctx, view, q);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(renderText(ctx.lang, 'statistics.sheet'));
  sheet.columns = columns.map((key) => ({
    header: renderText(ctx.lang, `statistics.${key}`),
    key,
    width: key === 'store' || key === 'sku' || key === 'period' ? 24 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      Object.fromEntries(
        columns.map((key) => {
          const value = row[key] ?? '';
          const money = MONEY.has(key) && typeof value === 'number';
          return [key, money ? Number(fromMinor(value, SELLER_CURRENCY)) : value];
        }),
      ),
    );
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
