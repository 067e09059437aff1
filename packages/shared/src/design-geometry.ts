import { DEFAULT_PRINT_DPI, MIN_ARTWORK_DPI, TEXT_CURVE_MAX } from './schemas/design.ts';
import type { DesignLayer, ImageLayer } from './schemas/design.ts';
import type { PrintArea } from './schemas/catalog.ts';

/**
 * Millimetres per image pixel for a print area that does not give its printed size: a typical
 * 800-px product photo shows a 30-cm print area about 240 px wide.
 */
export const FALLBACK_MM_PER_PIXEL = 1.25;
const MM_PER_INCH = 25.4;
/** Rounding slack, so artwork placed flush with an edge does not count as outside. */
const EDGE_TOLERANCE_MM = 0.5;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The printed size of a print area in millimetres. */
export function areaSizeMm(area: PrintArea): { width: number; height: number } {
  return {
    width: area.widthMm ?? area.width * FALLBACK_MM_PER_PIXEL,
    height: area.heightMm ?? area.height * FALLBACK_MM_PER_PIXEL,
  };
}

/** Image pixels per millimetre of the area, on the product image the area is drawn on. */
export function pixelsPerMm(area: PrintArea): number {
  return area.width / areaSizeMm(area).width;
}

/** A layer's box on the product image, in that image's pixels (rotation unchanged). */
export function layerRectOnImage(area: PrintArea, layer: Rect): Rect {
  const scale = pixelsPerMm(area);
  return {
    x: area.x + layer.x * scale,
    y: area.y + layer.y * scale,
    width: layer.width * scale,
    height: layer.height * scale,
  };
}

/** The inverse of `layerRectOnImage`: a box on the product image in millimetres of the area. */
export function layerRectFromImage(area: PrintArea, rect: Rect): Rect {
  const scale = pixelsPerMm(area);
  return {
    x: (rect.x - area.x) / scale,
    y: (rect.y - area.y) / scale,
    width: rect.width / scale,
    height: rect.height / scale,
  };
}

/** The print file's pixel size: the area's printed size at its print resolution. */
export function printFileSize(area: PrintArea): { width: number; height: number; dpi: number } {
  const dpi = area.dpi ?? DEFAULT_PRINT_DPI;
  const { width, height } = areaSizeMm(area);
  return {
    width: Math.round((width / MM_PER_INCH) * dpi),
    height: Math.round((height / MM_PER_INCH) * dpi),
    dpi,
  };
}

/** Print pixels per millimetre of the area in its print file. */
export function printPixelsPerMm(area: PrintArea): number {
  return (area.dpi ?? DEFAULT_PRINT_DPI) / MM_PER_INCH;
}

/** The resolution artwork prints at when stretched to its placed size (the lower of both axes). */
export function effectiveDpi(
  layer: Pick<ImageLayer, 'width' | 'height' | 'naturalWidth' | 'naturalHeight'>,
): number {
  const across = layer.naturalWidth / (layer.width / MM_PER_INCH);
  const down = layer.naturalHeight / (layer.height / MM_PER_INCH);
  return Math.min(across, down);
}

export function isLowResolution(layer: DesignLayer, minDpi = MIN_ARTWORK_DPI): boolean {
  return layer.kind === 'image' && effectiveDpi(layer) < minDpi;
}

/** The corners of a layer's box after its rotation about its centre, in area millimetres. */
export function rotatedCorners(
  layer: Rect & { rotation: number },
): Array<{ x: number; y: number }> {
  const cx = layer.x + layer.width / 2;
  const cy = layer.y + layer.height / 2;
  const rad = (layer.rotation * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx, sy]) => {
    const dx = (sx! * layer.width) / 2;
    const dy = (sy! * layer.height) / 2;
    return { x: cx + dx * cos - dy * sin, y: cy + dx * sin + dy * cos };
  });
}

/** True when any part of the (rotated) layer leaves the print area and would not print. */
export function leavesPrintArea(area: PrintArea, layer: Rect & { rotation: number }): boolean {
  const { width, height } = areaSizeMm(area);
  return rotatedCorners(layer).some(
    (p) =>
      p.x < -EDGE_TOLERANCE_MM ||
      p.y < -EDGE_TOLERANCE_MM ||
      p.x > width + EDGE_TOLERANCE_MM ||
      p.y > height + EDGE_TOLERANCE_MM,
  );
}

/** The x and y that centre a layer of this size in the print area. */
export function centredIn(
  area: PrintArea,
  layer: Pick<Rect, 'width' | 'height'>,
): { x: number; y: number } {
  const { width, height } = areaSizeMm(area);
  return { x: (width - layer.width) / 2, y: (height - layer.height) / 2 };
}

/** The largest size with the artwork's aspect ratio that fits `fraction` of the area. */
export function fitInArea(
  area: PrintArea,
  natural: { width: number; height: number },
  fraction = 0.8,
): { width: number; height: number } {
  const { width, height } = areaSizeMm(area);
  const scale = Math.min((width * fraction) / natural.width, (height * fraction) / natural.height);
  return { width: natural.width * scale, height: natural.height * scale };
}

export function clampCurve(degrees: number): number {
  return Math.max(-TEXT_CURVE_MAX, Math.min(TEXT_CURVE_MAX, degrees));
}

/**
 * How far curved text's arc of `degrees`, as long as `width`, bows away from its chord: the
 * editor draws along this arc and the server bends its raster onto the same one.
 */
export function curveSag(width: number, degrees: number): number {
  const angle = (Math.abs(clampCurve(degrees)) * Math.PI) / 180;
  if (angle === 0) return 0;
  return (width / angle) * (1 - Math.cos(angle / 2));
}
