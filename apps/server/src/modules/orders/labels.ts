import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import {
  code128Bars,
  fromMinor,
  type LabelProblem,
  type LabelReadiness,
  type Language,
  logisticsChannelById,
  PRINTABLE_ASCII,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { orderItems, sellers, stores, type orderItemCustoms } from '../../db/schema.ts';
import { ConflictError } from '../../errors.ts';
import { renderText } from '../../i18n/render-text.ts';
import { embedPdfText, textCollector, type PdfText, type Weight } from '../../pdf/fonts.ts';
import { sellerIdOf } from '../../tenancy.ts';
import { savedCustomsOf } from './customs.ts';
import { visibleOrdersById, writeOrderLog } from './access.ts';
import type { OrderItemRow, OrderRow } from './rows.ts';
import { allowedActions } from './transitions.ts';

/** 100 × 150 mm in PDF points. */
const MM = 72 / 25.4;
export const LABEL_WIDTH_PT = 100 * MM;
export const LABEL_HEIGHT_PT = 150 * MM;
const MARGIN = 4 * MM;

function problemsOf(order: OrderRow): LabelProblem[] {
  const problems: LabelProblem[] = [];
  const tracking = order.trackingNumber?.trim() ?? '';
  // The barcode holds printable ASCII only; anything else could not be scanned anyway.
  if (!tracking || !PRINTABLE_ASCII.test(tracking)) problems.push('no_tracking');
  if (!order.address) problems.push('no_address');
  if (!allowedActions(order).includes('print_label')) problems.push('status');
  return problems;
}

async function aliases(ctx: Ctx, rows: OrderRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.storeId))];
  if (ids.length === 0) return new Map();
  const found = await ctx.db
    .select({ id: stores.id, alias: stores.alias })
    .from(stores)
    .where(inArray(stores.id, ids));
  return new Map(found.map((s) => [s.id, s.alias]));
}

/** Whether each order can be printed, and why not. */
export async function labelReadiness(
  ctx: Ctx,
  input: { ids: number[] },
): Promise<LabelReadiness[]> {
  const rows = await visibleOrdersById(ctx, input.ids);
  const aliasOf = await aliases(ctx, rows);
  return rows.map((row) => {
    const problems = problemsOf(row);
    return {
      id: row.id,
      seller_order_id: row.number,
      market_alias: aliasOf.get(row.storeId) ?? '',
      status: row.status,
      shipped_number: row.trackingNumber,
      user_logistics_channel_id: row.logisticsChannelId,
      recipient: row.address?.name ?? null,
      country_code: row.address?.country_code ?? null,
      ready: problems.length === 0,
      problems,
    };
  });
}

/**
 * Draws one line whose top is at `y`, cut with an ellipsis to fit `maxWidth`; answers the top
 * of the next line.
 */
function line(
  page: PDFPage,
  pdfText: PdfText,
  text: string,
  opts: { x: number; y: number; size: number; weight?: Weight; maxWidth?: number },
): number {
  const maxWidth = opts.maxWidth ?? LABEL_WIDTH_PT - opts.x - MARGIN;
  const width = (t: string) => pdfText.width(t, opts.size, opts.weight);
  let shown = text;
  if (width(shown) > maxWidth) {
    let chars = [...shown];
    while (chars.length > 1 && width(`${chars.join('')}...`) > maxWidth) chars = chars.slice(0, -1);
    shown = `${chars.join('')}...`;
  }
  pdfText.draw(page, shown, {
    x: opts.x,
    y: opts.y - pdfText.ascent(opts.size),
    size: opts.size,
    weight: opts.weight,
  });
  return opts.y - opts.size * 1.3;
}

function rule(page: PDFPage, y: number): void {
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: LABEL_WIDTH_PT - MARGIN, y },
    thickness: 0.8,
    color: rgb(0, 0, 0),
  });
}

interface LabelData {
  order: OrderRow;
  sender: string;
  items: OrderItemRow[];
  customs: Map<number, typeof orderItemCustoms.$inferSelect>;
  printedOn: string;
}

function drawLabel(doc: PDFDocument, pdfText: PdfText, lang: Language, data: LabelData): void {
  const { order } = data;
  const page = doc.addPage([LABEL_WIDTH_PT, LABEL_HEIGHT_PT]);
  const x = MARGIN;
  let y = LABEL_HEIGHT_PT - MARGIN;
  const channel = order.logisticsChannelId ? logisticsChannelById(order.logisticsChannelId) : null;
  const section = () => {
    rule(page, y + 1);
    y -= 6;
  };

  const text = (key: string, params?: Record<string, unknown>) =>
    renderText(lang, `pdf.${key}`, params);
  y = line(page, pdfText, text('from', { sender: data.sender }), { x, y, size: 7 });
  y = line(
    page,
    pdfText,
    channel
      ? `${channel.code}  ${lang === 'en' ? channel.name_en : channel.name_zh}`
      : text('no_logistics'),
    { x, y, size: 10, weight: 'bold' },
  );
  section();

  const address = order.address!;
  y = line(page, pdfText, text('ship_to'), { x, y, size: 7 });
  y = line(page, pdfText, address.name, { x, y, size: 15, weight: 'bold' });
  for (const part of [address.line1, address.line2]) {
    if (part) y = line(page, pdfText, part, { x, y, size: 12 });
  }
  y = line(
    page,
    pdfText,
    [address.city, address.state, address.postal_code].filter(Boolean).join(', '),
    { x, y, size: 12 },
  );
  y = line(page, pdfText, address.country_code, { x, y, size: 18, weight: 'bold' });
  if (address.phone) {
    y = line(page, pdfText, text('phone', { phone: address.phone }), { x, y, size: 8 });
  }
  section();

  // The barcode: as wide as fits, at most 1.4 pt a module, 70 pt tall, the number under it.
  const tracking = order.trackingNumber!.trim();
  const { bars, modules } = code128Bars(tracking);
  const available = LABEL_WIDTH_PT - 2 * MARGIN;
  const moduleWidth = Math.min(available / modules, 1.4);
  const left = (LABEL_WIDTH_PT - modules * moduleWidth) / 2;
  const barHeight = 70;
  y -= 2;
  for (const bar of bars) {
    page.drawRectangle({
      x: left + bar.x * moduleWidth,
      y: y - barHeight,
      width: bar.width * moduleWidth,
      height: barHeight,
      color: rgb(0, 0, 0),
    });
  }
  y -= barHeight + 3;
  const size = 11;
  const width = pdfText.width(tracking, size);
  y = line(page, pdfText, tracking, { x: (LABEL_WIDTH_PT - width) / 2, y, size });
  section();

  y = line(page, pdfText, text('order', { number: order.number }), {
    x,
    y,
    size: 10,
    weight: 'bold',
  });
  const shownItems = data.items.slice(0, 6);
  for (const item of shownItems) {
    y = line(page, pdfText, `${item.sku} × ${item.quantity}`, { x, y, size: 8 });
  }
  if (data.items.length > shownItems.length) {
    y = line(page, pdfText, text('more_items', { count: data.items.length - shownItems.length }), {
      x,
      y,
      size: 8,
    });
  }
  const declared = data.items.flatMap((item) => {
    const c = data.customs.get(item.id);
    return c ? [{ item, c }] : [];
  });
  if (declared.length > 0) {
    y -= 3;
    y = line(page, pdfText, text('customs'), { x, y, size: 7, weight: 'bold' });
    for (const { item, c } of declared.slice(0, 3)) {
      y = line(
        page,
        pdfText,
        `${c.nameEn} / HS ${c.hsCode} / ${c.currency} ${fromMinor(c.valueMinor, c.currency)} x ${item.quantity} / ${c.weightG} g / ${c.originCountry}`,
        { x, y, size: 7 },
      );
    }
  }
  line(page, pdfText, text('printed_on', { date: data.printedOn }), { x, y: MARGIN + 7, size: 6 });
}

/**
 * One 100 × 150 mm page per order, in the order given. Orders that are not ready (no tracking
 * number, no address, a status without labels) refuse the whole batch with a 409 listing them,
 * or are left out with `skip_missing`. Each printed order gets a log row.
 */
export async function printLabels(
  ctx: Ctx,
  input: { ids: number[]; skip_missing: boolean },
): Promise<{ pdf: Uint8Array; printed: number[]; skipped: number[] }> {
  const rows = await visibleOrdersById(ctx, input.ids);
  const refused = rows
    .map((row) => ({ id: row.id, seller_order_id: row.number, problems: problemsOf(row) }))
    .filter((r) => r.problems.length > 0);
  const ready = rows.filter((r) => !refused.some((x) => x.id === r.id));
  if ((refused.length > 0 && !input.skip_missing) || ready.length === 0) {
    throw new ConflictError(
      'orders.labels_refused',
      {
        refused: refused.length,
        total: rows.length,
        orders: refused
          .slice(0, 5)
          .map((r) => `${r.seller_order_id} (${r.problems.join(', ')})`)
          .join('; '),
      },
      { orders: refused },
    );
  }
  const [seller] = await ctx.db
    .select({ name: sellers.name })
    .from(sellers)
    .where(eq(sellers.id, sellerIdOf(ctx)));
  const aliasOf = await aliases(ctx, ready);
  const items = await ctx.db
    .select()
    .from(orderItems)
    .where(
      and(
        inArray(
          orderItems.orderId,
          ready.map((r) => r.id),
        ),
        isNull(orderItems.cancelledAt),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  const customs = await savedCustomsOf(
    ctx,
    items.map((i) => i.id),
  );

  const printedOn = new Date().toISOString().slice(0, 10);
  const labels: LabelData[] = ready.map((order) => ({
    order,
    sender: [aliasOf.get(order.storeId), seller?.name].filter(Boolean).join(' / '),
    items: items.filter((i) => i.orderId === order.id),
    customs,
    printedOn,
  }));
  // Laid out twice: first to learn the characters, then with fonts cut down to them.
  const collector = textCollector();
  const scratch = await PDFDocument.create();
  for (const data of labels) drawLabel(scratch, collector.text, ctx.lang, data);
  const doc = await PDFDocument.create();
  doc.setTitle(renderText(ctx.lang, 'pdf.labels_title'));
  doc.setCreator('Order desk');
  const pdfText = await embedPdfText(doc, collector.collected());
  for (const data of labels) drawLabel(doc, pdfText, ctx.lang, data);
  const pdf = await doc.save();
  for (const order of ready) {
    await writeOrderLog(ctx, order.id, 'label', { shipped_number: order.trackingNumber });
  }
  return { pdf, printed: ready.map((r) => r.id), skipped: refused.map((r) => r.id) };
}
