import { code128Bars } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { labelPdf } from './pdf.ts';

describe('labelPdf', () => {
  it('puts each box on its own page with the Code 128 bars of its id', () => {
    const ids = ['FBA15DJ8KX2LU000001', 'FBA15DJ8KX2LU000002'];
    const pdf = labelPdf('FBA box labels', ['box 1', 'box 2'], ids).toString('latin1');
    expect(pdf).toContain('/Count 2');
    const streams = [...pdf.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((m) => m[1]!);
    expect(streams).toHaveLength(2);
    streams.forEach((content, n) => {
      expect(content).toContain(`(${ids[n]})`);
      // Back from the drawn rectangles to bar positions in modules: the same bars as the id's.
      const rects = [...content.matchAll(/([\d.]+) [\d.]+ ([\d.]+) [\d.]+ re/g)].map((m) => [
        Number(m[1]),
        Number(m[2]),
      ]);
      const { bars } = code128Bars(ids[n]!);
      expect(rects).toHaveLength(bars.length);
      const module = rects[0]![1]! / bars[0]!.width;
      const left = rects[0]![0]! - bars[0]!.x * module;
      rects.forEach(([x, width], i) => {
        expect(Math.round((x! - left) / module)).toBe(bars[i]!.x);
        expect(Math.round(width! / module)).toBe(bars[i]!.width);
      });
    });
  });

  it('keeps a text-only label on one page when there is nothing to bar-code', () => {
    const pdf = labelPdf('FBA item labels', ['X00ABC x2']).toString('latin1');
    expect(pdf).toContain('/Count 1');
    expect(pdf).not.toContain(' re\n');
    expect(pdf).toContain('(X00ABC x2)');
  });
});
