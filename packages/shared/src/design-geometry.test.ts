import { describe, expect, it } from 'vitest';
import {
  areaSizeMm,
  centredIn,
  curveSag,
  effectiveDpi,
  fitInArea,
  isLowResolution,
  layerRectFromImage,
  layerRectOnImage,
  leavesPrintArea,
  printFileSize,
} from './design-geometry.ts';
import type { PrintArea } from './schemas/catalog.ts';
import type { ImageLayer } from './schemas/design.ts';

/** A tee front: 240 × 320 px on the photo, printed 300 × 400 mm at 300 dpi. */
const front: PrintArea = {
  name: 'front',
  x: 280,
  y: 200,
  width: 240,
  height: 320,
  widthMm: 300,
  heightMm: 400,
  dpi: 300,
};

const image = (over: Partial<ImageLayer> = {}): ImageLayer => ({
  id: 'l1',
  side: 'front',
  kind: 'image',
  url: '/api/files/a.png',
  x: 0,
  y: 0,
  width: 254,
  height: 254,
  rotation: 0,
  opacity: 1,
  locked: false,
  naturalWidth: 3000,
  naturalHeight: 3000,
  ...over,
});

describe('print-area mapping', () => {
  it('maps millimetres of the area onto the product image', () => {
    // 240 px / 300 mm = 0.8 px per mm.
    expect(layerRectOnImage(front, { x: 50, y: 100, width: 100, height: 50 })).toEqual({
      x: 320,
      y: 280,
      width: 80,
      height: 40,
    });
  });

  it('maps a box on the product image back to millimetres of the area', () => {
    // The same 0.8 px per mm as above, read the other way.
    expect(layerRectFromImage(front, { x: 320, y: 280, width: 80, height: 40 })).toEqual({
      x: 50,
      y: 100,
      width: 100,
      height: 50,
    });
  });

  it('sizes the print file at the area print resolution', () => {
    // 300 mm = 11.811 in × 300 dpi = 3543 px; 400 mm → 4724 px.
    expect(printFileSize(front)).toEqual({ width: 3543, height: 4724, dpi: 300 });
    const bare: PrintArea = { name: 'back', x: 0, y: 0, width: 200, height: 100 };
    expect(areaSizeMm(bare)).toEqual({ width: 250, height: 125 });
    expect(printFileSize(bare)).toEqual({ width: 2953, height: 1476, dpi: 300 });
  });

  it('centres and fits artwork in the area', () => {
    expect(centredIn(front, { width: 100, height: 200 })).toEqual({ x: 100, y: 100 });
    // A square fits by the narrower side: 80 % of 300 mm.
    expect(fitInArea(front, { width: 1000, height: 1000 })).toEqual({ width: 240, height: 240 });
  });
});

describe('DPI check', () => {
  it('measures pixels per printed inch on the weaker axis', () => {
    // 3000 px over 254 mm (10 in) = 300 dpi.
    expect(effectiveDpi(image())).toBeCloseTo(300);
    expect(effectiveDpi(image({ naturalHeight: 1000 }))).toBeCloseTo(100);
  });

  it('warns below 150 dpi and not at it', () => {
    expect(isLowResolution(image({ naturalWidth: 1500, naturalHeight: 1500 }))).toBe(false);
    expect(isLowResolution(image({ naturalWidth: 1490, naturalHeight: 1500 }))).toBe(true);
  });
});

describe('leaving the print area', () => {
  it('allows artwork flush with the edges', () => {
    expect(leavesPrintArea(front, { x: 0, y: 0, width: 300, height: 400, rotation: 0 })).toBe(
      false,
    );
  });

  it('flags artwork past an edge', () => {
    expect(leavesPrintArea(front, { x: 250, y: 10, width: 60, height: 60, rotation: 0 })).toBe(
      true,
    );
    expect(leavesPrintArea(front, { x: -5, y: 10, width: 60, height: 60, rotation: 0 })).toBe(true);
  });

  it('flags a box whose corners leave the area only once rotated', () => {
    const square = { x: 0, y: 50, width: 300, height: 300 };
    expect(leavesPrintArea(front, { ...square, rotation: 0 })).toBe(false);
    expect(leavesPrintArea(front, { ...square, rotation: 45 })).toBe(true);
  });
});

describe('curved text', () => {
  it('bows a half-circle arc by its radius and caps the curve at half a circle', () => {
    // An arc of 180° as long as 100 has radius 100 / π and bows by the whole radius.
    expect(curveSag(100, 180)).toBeCloseTo(100 / Math.PI, 6);
    expect(curveSag(100, 360)).toBeCloseTo(100 / Math.PI, 6);
    expect(curveSag(100, -90)).toBeCloseTo(curveSag(100, 90), 9);
    expect(curveSag(100, 0)).toBe(0);
  });
});
