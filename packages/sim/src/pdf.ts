import { code128Bars } from '@app/shared';

const escapePdf = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');

/** 4 × 6 in, the thermal label size Amazon's box labels come in. */
const WIDTH = 288;
const HEIGHT = 432;
const MARGIN = 24;

const textAt = (size: number, x: number, y: number, line: string) =>
  `BT /F1 ${size} Tf ${x} ${y} Td (${escapePdf(line)}) Tj ET`;

/** The Code 128 bars of `text`, `height` tall, its quiet zones inside the margins. */
function barcode(text: string, top: number, height: number): string {
  const { bars, modules } = code128Bars(text);
  const module = Math.min(1.2, (WIDTH - 2 * MARGIN) / modules);
  const left = (WIDTH - modules * module) / 2;
  const rects = bars.map(
    (b) =>
      `${(left + b.x * module).toFixed(2)} ${top - height} ${(b.width * module).toFixed(2)} ${height} re`,
  );
  return `0 g\n${rects.join('\n')}\nf`;
}

/**
 * A PDF 1.4 label download: a page with the title and text lines, or, given `barcodes`, one
 * page per box with its line and the Code 128 barcode of its id under the title, as Amazon's
 * box labels carry.
 */
export function labelPdf(title: string, lines: string[], barcodes: string[] = []): Buffer {
  const pages = barcodes.length
    ? barcodes.map((code, i) =>
        [
          textAt(14, MARGIN, 400, title),
          textAt(9, MARGIN, 380, lines[i] ?? ''),
          barcode(code, 340, 90),
          textAt(12, MARGIN, 230, code),
        ].join('\n'),
      )
    : [
        [title, ...lines]
          .map((line, i) => textAt(i === 0 ? 14 : 10, MARGIN, 400 - i * 16, line))
          .join('\n'),
      ];
  // Objects: catalog, page tree, font, then a page and its content stream per page.
  const font = 3;
  const pageRef = (n: number) => 4 + 2 * n;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, n) => `${pageRef(n)} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...pages.flatMap((content, n) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${WIDTH} ${HEIGHT}] /Contents ${pageRef(n) + 1} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    ]),
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
