import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { curveSag, type DesignLayer, type PrintArea } from '@app/shared';
import {
  bendAlongArc,
  fontFamilyOf,
  intersect,
  renderLayers,
  renderPrintFile,
  textSvg,
  visiblePart,
  type Raster,
} from './render.ts';

/** 100 × 50 mm drawn 100 × 50 px: one pixel per millimetre, so expectations read as mm. */
const AREA: PrintArea = {
  name: 'front',
  ...{ x: 0, y: 0, width: 100, height: 50 },
  ...{ widthMm: 100, heightMm: 50, dpi: 254 },
};
let artwork: Buffer;
const source = async () => artwork;

const image = (over: Partial<DesignLayer> = {}): DesignLayer =>
  ({
    kind: 'image',
    id: 'i',
    side: 'front',
    x: 10,
    y: 10,
    width: 20,
    height: 20,
    rotation: 0,
    opacity: 1,
    locked: false,
    url: '/api/files/demo/art.png',
    naturalWidth: 200,
    naturalHeight: 200,
    ...over,
  }) as DesignLayer;

function alphaAt(r: Raster, x: number, y: number): number {
  return r.data[(y * r.width + x) * 4 + 3]!;
}

beforeAll(async () => {
  artwork = await sharp({
    create: { width: 200, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
});

describe('clipping geometry', () => {
  it('intersects boxes, and has nothing for boxes that only touch', () => {
    expect(
      intersect(
        { left: -5, top: 2, width: 10, height: 10 },
        { left: 0, top: 0, width: 8, height: 8 },
      ),
    ).toEqual({ left: 0, top: 2, width: 5, height: 6 });
    expect(
      intersect({ left: 8, top: 0, width: 2, height: 2 }, { left: 0, top: 0, width: 8, height: 8 }),
    ).toBeNull();
  });

  it('keeps the whole box of a layer inside the canvas and the inside part of one across its edge', () => {
    const canvas = { width: 100, height: 50 };
    const box = { left: 10, top: 10, width: 20, height: 20, rotation: 0 };
    expect(visiblePart(box, canvas)).toEqual({ left: 0, top: 0, width: 20, height: 20 });
    expect(visiblePart({ ...box, left: -15 }, canvas)).toEqual({
      left: 15,
      top: 0,
      width: 5,
      height: 20,
    });
    expect(visiblePart({ ...box, left: 120 }, canvas)).toBeNull();
  });

  it('finds the visible part of a turned layer in its own frame', () => {
    // Turned half a turn, the box's right part lands on the canvas's left edge.
    const part = visiblePart(
      { left: -10, top: 0, width: 20, height: 50, rotation: 180 },
      { width: 100, height: 50 },
    );
    expect(part!.left).toBeCloseTo(0, 9);
    expect(part!.width).toBeCloseTo(10, 9);
  });
});

describe('renderLayers', () => {
  it('draws the area at its size with artwork where the layer sits and nothing elsewhere', async () => {
    const r = await renderLayers(AREA, [image()], 1, source);
    expect([r.width, r.height]).toEqual([100, 50]);
    expect([...r.data.subarray((20 * 100 + 20) * 4, (20 * 100 + 20) * 4 + 4)]).toEqual([
      10, 120, 200, 255,
    ]);
    expect(alphaAt(r, 5, 5)).toBe(0);
    expect(alphaAt(r, 35, 20)).toBe(0);
  });

  it('clips artwork placed across the print area edge', async () => {
    const r = await renderLayers(
      AREA,
      [image({ x: -10, y: 40, width: 20, height: 20 })],
      1,
      source,
    );
    expect(alphaAt(r, 0, 45)).toBe(255);
    expect(alphaAt(r, 9, 49)).toBe(255);
    expect(alphaAt(r, 12, 45)).toBe(0);
  });

  it('does not pay for artwork placed far larger than the area', async () => {
    const huge = image({ x: -1000, y: -1000, width: 3000, height: 3000 });
    const started = performance.now();
    const r = await renderLayers(AREA, [huge], 10, source);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(alphaAt(r, 500, 250)).toBe(255);
  });

  it('turns a layer about its centre: a square on its corner leaves its box corners empty', async () => {
    const r = await renderLayers(AREA, [image({ rotation: 45 })], 1, source);
    expect(alphaAt(r, 20, 20)).toBe(255);
    expect(alphaAt(r, 11, 11)).toBe(0);
    // The turned square reaches √2 × 10 mm from the centre along the axes.
    expect(alphaAt(r, 20, 6)).toBeGreaterThan(0);
  });

  it('fades a layer by its opacity', async () => {
    const r = await renderLayers(AREA, [image({ opacity: 0.5 })], 1, source);
    expect(alphaAt(r, 20, 20)).toBeGreaterThanOrEqual(127);
    expect(alphaAt(r, 20, 20)).toBeLessThanOrEqual(128);
  });

  it('draws text in its fill colour within its box', async () => {
    const text: DesignLayer = {
      kind: 'text',
      id: 't',
      side: 'front',
      ...{ x: 10, y: 10, width: 80, height: 24, rotation: 0, opacity: 1, locked: false },
      ...{ text: 'MMMM', fontFamily: 'DejaVu Sans', fontSize: 20, fill: '#ff0000' },
      ...{ fontWeight: 'bold', align: 'center', curve: 0 },
    };
    const r = await renderLayers(AREA, [text], 4, source);
    let inked = 0;
    for (let i = 0; i < r.data.length; i += 4) {
      if (r.data[i + 3]! === 255) {
        inked += 1;
        expect([r.data[i], r.data[i + 1], r.data[i + 2]]).toEqual([255, 0, 0]);
      }
    }
    expect(inked).toBeGreaterThan(1000);
    // Centred in a box 10–90 mm wide: the ink stays clear of the area's sides.
    const columns = (x: number) =>
      Array.from({ length: r.height }, (_, y) => alphaAt(r, x, y)).some((a) => a > 0);
    expect(columns(4 * 5)).toBe(false);
    expect(columns(4 * 20)).toBe(true);
    expect(columns(4 * 80)).toBe(true);
    expect(columns(4 * 95)).toBe(false);
  });

  it('gives the same bytes for the same layers', async () => {
    const layers = [image({ rotation: 17, opacity: 0.8 })];
    const [one, two] = await Promise.all([
      renderPrintFile(AREA, layers, source),
      renderPrintFile(AREA, layers, source),
    ]);
    expect(one.equals(two)).toBe(true);
    expect(await sharp(one).metadata()).toMatchObject({ width: 1000, height: 500, density: 254 });
  });
});

describe('text', () => {
  const style = {
    text: 'Tom & <Jerry>',
    fontFamily: "Noto Sans'",
    fontSize: 10,
    fill: '#123456',
    fontWeight: 'bold' as const,
    align: 'right' as const,
  };

  it('escapes the words and the font family, with a generic fallback family', () => {
    const svg = textSvg(style, 2, { width: 100, height: 24 }, 10);
    expect(svg).toContain('>Tom &#38; &#60;Jerry&#62;</text>');
    expect(svg).toContain(`font-family="&#39;Noto Sans&#39;, sans-serif"`);
    expect(fontFamilyOf('DejaVu Serif')).toBe('&#39;DejaVu Serif&#39;, serif');
  });

  it('aligns each line in the box and centres it on its line box (Konva line height 1.2)', () => {
    const svg = textSvg({ ...style, text: 'one\ntwo' }, 2, { width: 100, height: 48 }, 10);
    // Right-aligned: anchored at the box's right edge, 10 px of margin in.
    expect(svg.match(/<text [^>]*>/g)).toEqual([
      '<text x="110.00" y="22.00" text-anchor="end">',
      '<text x="110.00" y="46.00" text-anchor="end">',
    ]);
    expect(svg).toContain('width="120" height="68"');
  });

  it('bows an arc by r(1 − cos(θ/2)) for an arc as long as the box is wide', () => {
    // θ = 90°, r = 100: width = r·θ = 50π, sag = 100·(1 − cos 45°).
    expect(curveSag(50 * Math.PI, 90)).toBeCloseTo(100 * (1 - Math.SQRT1_2), 9);
    expect(curveSag(50 * Math.PI, -90)).toBeCloseTo(100 * (1 - Math.SQRT1_2), 9);
    expect(curveSag(100, 0)).toBe(0);
    // The editor stops at half a circle.
    expect(curveSag(100, 270)).toBe(curveSag(100, 180));
  });

  it('bends a line of text into a smile: ends high, middle low', () => {
    const width = 200;
    const lineHeight = 20;
    const straight: Raster = {
      width,
      height: lineHeight,
      data: Buffer.alloc(width * lineHeight * 4),
    };
    // A one-pixel-high line along the middle of the line box, where the glyphs' middles sit.
    for (let x = 0; x < width; x++)
      straight.data.fill(255, (10 * width + x) * 4, (10 * width + x) * 4 + 4);
    const sag = curveSag(width, 90);
    const out = { width, height: Math.ceil(lineHeight + sag) };
    const geometry = { boxWidth: width, lineHeight, margin: 0, curve: 90 };
    const inkRow = (r: Raster, x: number) =>
      Array.from({ length: r.height }, (_, y) => alphaAt(r, x, y)).findIndex((a) => a > 100);

    const smile = bendAlongArc(straight, out, geometry);
    expect(Math.abs(inkRow(smile, width / 2) - (10 + sag))).toBeLessThanOrEqual(1);
    expect(inkRow(smile, 30)).toBeLessThan(inkRow(smile, width / 2));

    const frown = bendAlongArc(straight, out, { ...geometry, curve: -90 });
    expect(Math.abs(inkRow(frown, width / 2) - 10)).toBeLessThanOrEqual(1);
    expect(inkRow(frown, 30)).toBeGreaterThan(inkRow(frown, width / 2));
  });
});
