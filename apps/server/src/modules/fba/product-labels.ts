import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { code128Bars, type FbaLabelSheet } from '@app/shared';
import { embedPdfText, textCollector, type PdfText } from '../../pdf/fonts.ts';

const MM = 72 / 25.4;

/** A label sheet: page size, grid, label size and the top-left corner of the first label (pt). */
export interface Sheet {
  pageWidth: number;
  pageHeight: number;
  cols: number;
  rows: number;
  labelWidth: number;
  labelHeight: number;
  left: number;
  top: number;
  gapX: number;
  gapY: number;
}

const A4 = { pageWidth: 210 * MM, pageHeight: 297 * MM };
const LETTER = { pageWidth: 612, pageHeight: 792 };

/**
 * The sheets Amazon's own label printing offers (reference 1.11, createMarketplaceItemLabels
 * pageType): Letter 30-up (Avery 5160), A4 24-up 70×37 mm, A4 27-up 70×32 mm, A4 40-up
 * 52.5×29.7 mm, and a 50×25 mm thermal roll, one label a page.
 */
export const SHEETS: Record<FbaLabelSheet, Sheet> = {
  letter_30: {
    ...LETTER,
    cols: 3,
    rows: 10,
    labelWidth: 189,
    labelHeight: 72,
    left: 13.5,
    top: 36,
    gapX: 9,
    gapY: 0,
  },
  a4_24: grid(3, 8, 70, 37),
  a4_27: grid(3, 9, 70, 32),
  a4_40: grid(4, 10, 52.5, 29.7),
  thermal_50x25: {
    pageWidth: 50 * MM,
    pageHeight: 25 * MM,
    cols: 1,
    rows: 1,
    labelWidth: 50 * MM,
    labelHeight: 25 * MM,
    left: 0,
    top: 0,
    gapX: 0,
    gapY: 0,
  },
};

/** An A4 sheet of labels edge to edge across, centred down the page. */
function grid(cols: number, rows: number, widthMm: number, heightMm: number): Sheet {
  return {
    ...A4,
    cols,
    rows,
    labelWidth: widthMm * MM,
    labelHeight: heightMm * MM,
    left: ((210 - cols * widthMm) / 2) * MM,
    top: ((297 - rows * heightMm) / 2) * MM,
    gapX: 0,
    gapY: 0,
  };
}

export interface ProductLabel {
  fnsku: string;
  title: string;
  /** As Amazon prints it: "New". */
  condition: string;
}

/** The bottom-left corner of the n-th label of a page, in PDF coordinates. */
export function labelOrigin(sheet: Sheet, n: number): { x: number; y: number } {
  const col = n % sheet.cols;
  const row = Math.floor(n / sheet.cols);
  return {
    x: sheet.left + col * (sheet.labelWidth + sheet.gapX),
    y: sheet.pageHeight - sheet.top - (row + 1) * sheet.labelHeight - row * sheet.gapY,
  };
}

/** The title cut to what fits in `width`, ending in "..." when cut. */
function fitted(text: PdfText, title: string, size: number, width: number): string {
  if (text.width(title, size) <= width) return title;
  const chars = [...title];
  while (chars.length > 1 && text.width(`${chars.join('')}...`, size) > width) chars.pop();
  return `${chars.join('')}...`;
}

/** One FNSKU label: the Code 128 barcode, the FNSKU under it, the title and the condition. */
function drawLabel(
  page: PDFPage,
  text: PdfText,
  sheet: Sheet,
  at: { x: number; y: number },
  label: ProductLabel,
) {
  const pad = Math.min(sheet.labelHeight * 0.08, 6);
  const inner = sheet.labelWidth - 2 * pad;
  const small = Math.max(Math.min(sheet.labelHeight * 0.11, 8), 5);
  const { bars, modules } = code128Bars(label.fnsku);
  const module = Math.min(inner / modules, 1.5);
  const barLeft = at.x + (sheet.labelWidth - modules * module) / 2;
  const barHeight = sheet.labelHeight * 0.42;
  const barTop = at.y + sheet.labelHeight - pad;
  for (const bar of bars) {
    page.drawRectangle({
      x: barLeft + bar.x * module,
      y: barTop - barHeight,
      width: bar.width * module,
      height: barHeight,
      color: rgb(0, 0, 0),
    });
  }
  let y = barTop - barHeight - text.ascent(small) - 1.5;
  const code = label.fnsku;
  text.draw(page, code, {
    x: at.x + (sheet.labelWidth - text.width(code, small, 'bold')) / 2,
    y,
    size: small,
    weight: 'bold',
  });
  y -= small + 1;
  text.draw(page, fitted(text, label.title, small, inner), { x: at.x + pad, y, size: small });
  y -= small + 1;
  text.draw(page, label.condition, { x: at.x + pad, y, size: small });
}

function layout(doc: PDFDocument, text: PdfText, sheet: Sheet, labels: ProductLabel[]): void {
  const perPage = sheet.cols * sheet.rows;
  let page: PDFPage | null = null;
  labels.forEach((label, n) => {
    if (n % perPage === 0) page = doc.addPage([sheet.pageWidth, sheet.pageHeight]);
    drawLabel(page!, text, sheet, labelOrigin(sheet, n % perPage), label);
  });
}

/**
 * The FNSKU labels of `labels` (one per unit), laid out on `sheet`; titles in any language print
 * with the embedded Noto fonts, cut down to the characters used.
 */
export async function productLabelsPdf(
  sheetName: FbaLabelSheet,
  labels: ProductLabel[],
  title: string,
): Promise<Uint8Array> {
  const sheet = SHEETS[sheetName];
  // Laid out twice: first to learn the characters, then with fonts cut down to them.
  const collector = textCollector();
  layout(await PDFDocument.create(), collector.text, sheet, labels);
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('FBA shipments');
  layout(doc, await embedPdfText(doc, collector.collected()), sheet, labels);
  return doc.save();
}
