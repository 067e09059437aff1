import { PDFDict, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { labelOrigin, productLabelsPdf, SHEETS } from './product-labels.ts';

const label = (n: number) => ({
  fnsku: `X00TEST${String(n).padStart(3, '0')}`,
  title: '陶瓷马克杯 Ceramic mug 350 ml, a title long enough to be cut on a small label',
  condition: 'New',
});

describe('FNSKU product labels', () => {
  it.each([
    ['letter_30', 612, 792, 30],
    ['a4_24', 595.28, 841.89, 24],
    ['a4_27', 595.28, 841.89, 27],
    ['a4_40', 595.28, 841.89, 40],
    ['thermal_50x25', 141.73, 70.87, 1],
  ] as const)('lays %s out on its page size', async (sheet, width, height, perPage) => {
    const labels = Array.from({ length: perPage + 1 }, (_, n) => label(n));
    const pdf = await PDFDocument.load(await productLabelsPdf(sheet, labels, 'Labels'));
    // One label more than a page holds starts a second page.
    expect(pdf.getPageCount()).toBe(2);
    const size = pdf.getPage(0).getSize();
    expect(size.width).toBeCloseTo(width, 1);
    expect(size.height).toBeCloseTo(height, 1);
    const s = SHEETS[sheet];
    expect(s.cols * s.rows).toBe(perPage);
    // Every label of a page lies on the page and no two overlap.
    const boxes = Array.from({ length: perPage }, (_, n) => labelOrigin(s, n));
    for (const b of boxes) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.x + s.labelWidth).toBeLessThanOrEqual(s.pageWidth + 0.01);
      expect(b.y + s.labelHeight).toBeLessThanOrEqual(s.pageHeight + 0.01);
    }
    const keys = new Set(boxes.map((b) => `${Math.round(b.x)}:${Math.round(b.y)}`));
    expect(keys.size).toBe(perPage);
  });

  it('embeds a font that covers the CJK title', async () => {
    const bytes = await productLabelsPdf('a4_24', [label(1)], '产品标签');
    const pdf = await PDFDocument.load(bytes);
    const keys = pdf.context
      .enumerateIndirectObjects()
      .flatMap(([, object]) => (object instanceof PDFDict ? object.keys().map(String) : []));
    // The fonts travel inside the file (FontFile2/3), so no viewer substitutes a CJK font.
    expect(keys.some((k) => /^\/FontFile[23]$/.test(k))).toBe(true);
    expect(pdf.getTitle()).toBe('产品标签');
  });
});
