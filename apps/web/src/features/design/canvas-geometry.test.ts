import { describe, expect, it } from 'vitest';
import { curveSag, type PrintArea } from '@app/shared';
import { curvePath, layerBoxFromNode, nodePlacement, snapToArea } from './canvas-geometry.ts';

/** 240 × 320 px on the photo for a 300 × 400 mm print: 0.8 px per mm. */
const front: PrintArea = {
  name: 'front',
  x: 280,
  y: 200,
  width: 240,
  height: 320,
  widthMm: 300,
  heightMm: 400,
};

describe('node placement', () => {
  it('puts a node at its box centre, turning about it, and reads it back', () => {
    const place = nodePlacement(front, { x: 50, y: 100, width: 100, height: 50 });
    // Box on the image: x 320, y 280, 80 × 40 px.
    expect(place).toEqual({ x: 360, y: 300, width: 80, height: 40, offsetX: 40, offsetY: 20 });
    expect(layerBoxFromNode(front, place)).toEqual({ x: 50, y: 100, width: 100, height: 50 });
  });
});

describe('snapping', () => {
  it('pulls a box near the area centre onto it', () => {
    // Centre of a 100 mm box at x 98 is 148; the area centre is 150.
    const snapped = snapToArea(front, { x: 98, y: 10, width: 100, height: 50 }, 3);
    expect(snapped.x).toBe(100);
    expect(snapped.vertical).toEqual([150]);
  });

  it('pulls edges onto the area edges', () => {
    const snapped = snapToArea(front, { x: 2, y: 348, width: 100, height: 50 }, 3);
    expect(snapped).toEqual({ x: 0, y: 350, vertical: [0], horizontal: [400] });
  });

  it('leaves a box alone when no line is within reach', () => {
    const box = { x: 40, y: 60, width: 30, height: 30 };
    expect(snapToArea(front, box, 3)).toEqual({ x: 40, y: 60, vertical: [], horizontal: [] });
  });
});

describe('curved text', () => {
  it('bows a half-circle arc by its radius', () => {
    // An arc of 180° as long as 100 has radius 100 / π and bows by the whole radius.
    expect(curveSag(100, 180)).toBeCloseTo(100 / Math.PI, 6);
    expect(curveSag(100, 0)).toBe(0);
  });

  it('draws a smile for positive curves and a frown for negative ones', () => {
    // Half a line (fontSize 10 × line height 1.2 / 2 = 6) above the ends; sweep 0 dips down.
    expect(curvePath(100, 10, 180)).toMatch(
      /^M 18\.16\d* 6 A 31\.83\d* 31\.83\d* 0 0 0 81\.83\d* 6$/,
    );
    const frown = curvePath(100, 10, -180);
    expect(frown).toMatch(/ 0 0 1 /);
    // The frown's ends sit low, one sag below the top line.
    expect(frown.startsWith(`M 18.16`)).toBe(true);
    expect(frown).toContain(` ${6 + 100 / Math.PI}`);
  });

  it('keeps straight text on a straight line', () => {
    expect(curvePath(100, 10, 0)).toBe('M 0 6 H 100');
  });
});
