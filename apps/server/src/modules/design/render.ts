import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import {
  areaSizeMm,
  clampCurve,
  curveSag,
  TEXT_LINE_HEIGHT,
  DEFAULT_PRINT_DPI,
  printPixelsPerMm,
  type DesignLayer,
  type PrintArea,
  type TextLayer,
} from '@app/shared';

/**
 * Bumped whenever the same design would come out differently, so the new output gets new
 * content-derived keys instead of being mistaken for the old.
 */
export const RENDERER_VERSION = 1;
/**
 * Mockups are JPEG: the blank is opaque, so transparency buys nothing, and at 800 px a
 * quality-90 JPEG is a third of the PNG's size and encodes faster (marketplaces take both).
 */
export const MOCKUP_JPEG_QUALITY = 90;

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
const CHANNELS = 4;

/** Unpremultiplied RGBA pixels. */
export interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A layer's box in canvas pixels (fractional) with its clockwise rotation about the centre. */
export interface PlacedBox extends Box {
  rotation: number;
}

/** Where artwork bytes come from: the layer's URL, resolved by the caller to a stored object. */
export type ArtworkSource = (url: string) => Promise<Buffer>;

export function intersect(a: Box, b: Box): Box | null {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.left + a.width, b.left + b.width);
  const bottom = Math.min(a.top + a.height, b.top + b.height);
  return right > left && bottom > top
    ? { left, top, width: right - left, height: bottom - top }
    : null;
}

function rotate(x: number, y: number, degrees: number): { x: number; y: number } {
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  return { x: x * cos - y * sin, y: x * sin + y * cos };
}

/**
 * The part of a layer's own (unrotated) box that can land on the canvas, in the box's pixels
 * from its top-left corner; null when none can. Rendering only this part keeps artwork placed
 * far larger than the print area from costing more than the area itself.
 */
export function visiblePart(
  layer: PlacedBox,
  canvas: { width: number; height: number },
): Box | null {
  const cx = layer.left + layer.width / 2;
  const cy = layer.top + layer.height / 2;
  const corners = [
    [0, 0],
    [canvas.width, 0],
    [canvas.width, canvas.height],
    [0, canvas.height],
  ].map(([x, y]) => rotate(x! - cx, y! - cy, -layer.rotation));
  const xs = corners.map((p) => p.x + layer.width / 2);
  const ys = corners.map((p) => p.y + layer.height / 2);
  const seen = {
    left: Math.min(...xs),
    top: Math.min(...ys),
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
  };
  return intersect(seen, { left: 0, top: 0, width: layer.width, height: layer.height });
}

/**
 * Turns a raster of the region `part` of a layer's box (box pixels) about the layer's centre,
 * fades it, and answers the composite overlay for the part of it inside the canvas (null when
 * nothing is): the clip to the print area.
 */
async function placeOnCanvas(
  pipeline: Sharp,
  part: Box,
  layer: PlacedBox,
  opacity: number,
  canvas: { width: number; height: number },
): Promise<OverlayOptions | null> {
  if (layer.rotation % 360 !== 0) pipeline.rotate(layer.rotation, { background: TRANSPARENT });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  // By hand: sharp's linear() runs before ensureAlpha(), so it cannot fade artwork without alpha.
  if (opacity < 1) {
    for (let i = 3; i < data.length; i += CHANNELS) data[i] = Math.round(data[i]! * opacity);
  }
  // The part's centre, relative to the layer's centre, turns with the layer.
  const offset = rotate(
    part.left + part.width / 2 - layer.width / 2,
    part.top + part.height / 2 - layer.height / 2,
    layer.rotation,
  );
  const placed = {
    left: Math.round(layer.left + layer.width / 2 + offset.x - info.width / 2),
    top: Math.round(layer.top + layer.height / 2 + offset.y - info.height / 2),
    width: info.width,
    height: info.height,
  };
  const inside = intersect(placed, { left: 0, top: 0, ...canvas });
  if (!inside) return null;
  const raw = { width: info.width, height: info.height, channels: CHANNELS } as const;
  const clipped =
    inside.width === info.width && inside.height === info.height
      ? data
      : await sharp(data, { raw })
          .extract({
            left: inside.left - placed.left,
            top: inside.top - placed.top,
            width: inside.width,
            height: inside.height,
          })
          .raw()
          .toBuffer();
  return {
    input: clipped,
    raw: { width: inside.width, height: inside.height, channels: CHANNELS },
    left: inside.left,
    top: inside.top,
  };
}

async function imageOverlay(
  bytes: Buffer,
  layer: PlacedBox,
  opacity: number,
  canvas: { width: number; height: number },
): Promise<OverlayOptions | null> {
  const seen = visiblePart(layer, canvas);
  if (!seen) return null;
  const meta = await sharp(bytes).metadata();
  const natural = { width: meta.width, height: meta.height };
  // Source pixels per box pixel; the source region is rounded outwards, one pixel more for the
  // resampling kernel, and the box region it covers follows from it exactly.
  const sx = natural.width / layer.width;
  const sy = natural.height / layer.height;
  const left = Math.max(0, Math.floor(seen.left * sx) - 1);
  const top = Math.max(0, Math.floor(seen.top * sy) - 1);
  const right = Math.min(natural.width, Math.ceil((seen.left + seen.width) * sx) + 1);
  const bottom = Math.min(natural.height, Math.ceil((seen.top + seen.height) * sy) + 1);
  const part = {
    left: left / sx,
    top: top / sy,
    width: (right - left) / sx,
    height: (bottom - top) / sy,
  };
  const pipeline = sharp(bytes)
    .ensureAlpha()
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize(Math.max(1, Math.round(part.width)), Math.max(1, Math.round(part.height)), {
      fit: 'fill',
    });
  return placeOnCanvas(pipeline, part, layer, opacity, canvas);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The layer's family first, then the generic family of its kind, as the editor asks the browser. */
export function fontFamilyOf(family: string): string {
  const generic = /serif/i.test(family) && !/sans/i.test(family) ? 'serif' : 'sans-serif';
  return `${escapeXml(`'${family.replace(/'/g, '')}'`)}, ${generic}`;
}

/** Room around a text box for glyphs that reach past it (accents, descenders, italics). */
function textMargin(layer: TextLayer, scale: number): number {
  return Math.ceil(layer.fontSize * scale * 0.5);
}

/**
 * Straight text as SVG, `margin` pixels around a box of `width` × `height` box pixels: each line
 * centred on its line box (Konva's middle baseline) and aligned in the box width.
 */
export function textSvg(
  layer: Pick<TextLayer, 'text' | 'fontFamily' | 'fontSize' | 'fill' | 'fontWeight' | 'align'>,
  scale: number,
  box: { width: number; height: number },
  margin: number,
): string {
  const width = Math.max(1, Math.round(box.width + 2 * margin));
  const height = Math.max(1, Math.round(box.height + 2 * margin));
  const lineHeight = layer.fontSize * scale * TEXT_LINE_HEIGHT;
  const anchor = { left: 'start', center: 'middle', right: 'end' }[layer.align];
  const x = margin + { left: 0, center: box.width / 2, right: box.width }[layer.align];
  const lines = layer.text
    .split('\n')
    .map(
      (line, i) =>
        `<text x="${x.toFixed(2)}" y="${(margin + (i + 0.5) * lineHeight).toFixed(2)}" text-anchor="${anchor}">${escapeXml(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<g font-family="${fontFamilyOf(layer.fontFamily)}" font-size="${(layer.fontSize * scale).toFixed(2)}" font-weight="${layer.fontWeight}" fill="${layer.fill}" dominant-baseline="central" xml:space="preserve">` +
    lines +
    '</g></svg>'
  );
}

/**
 * Bends a one-line text raster along the editor's arc: as long as the box is wide, centred in
 * it, half a line below the box's top at its highest point; positive curves are a smile. Each
 * output pixel looks up its distance along the arc and from it (bilinear, alpha-weighted, so
 * edges do not darken). librsvg has no textPath, hence the bending by hand; unlike the editor's
 * rigid glyphs, glyphs here narrow a little towards the arc's centre.
 */
export function bendAlongArc(
  straight: Raster,
  out: { width: number; height: number },
  geometry: { boxWidth: number; lineHeight: number; margin: number; curve: number },
): Raster {
  const { boxWidth, lineHeight, margin } = geometry;
  const curve = clampCurve(geometry.curve);
  const angle = (Math.abs(curve) * Math.PI) / 180;
  const radius = boxWidth / angle;
  const sag = curveSag(boxWidth, curve);
  const top = margin + lineHeight / 2;
  const smile = curve > 0;
  const centreX = margin + boxWidth / 2;
  const centreY = smile ? top + sag - radius : top + radius;
  const pathY = margin + lineHeight / 2;
  const src = straight.data;
  const sw = straight.width;
  const sh = straight.height;
  const data = Buffer.alloc(out.width * out.height * CHANNELS);
  // Accumulators of one output pixel: alpha-weighted colour and the alpha itself.
  let r = 0;
  let g = 0;
  let b = 0;
  let alpha = 0;
  const tap = (sx: number, sy: number, w: number) => {
    if (w === 0 || sx < 0 || sy < 0 || sx >= sw || sy >= sh) return;
    const i = (sy * sw + sx) * CHANNELS;
    const weight = w * src[i + 3]!;
    if (weight === 0) return;
    alpha += weight;
    r += weight * src[i]!;
    g += weight * src[i + 1]!;
    b += weight * src[i + 2]!;
  };
  for (let y = 0; y < out.height; y++) {
    const dy = y + 0.5 - centreY;
    for (let x = 0; x < out.width; x++) {
      const dx = x + 0.5 - centreX;
      const beyond = Math.hypot(dx, dy) - radius;
      const v = pathY + (smile ? beyond : -beyond) - 0.5;
      if (v < -1 || v >= sh) continue;
      const u = centreX + (smile ? Math.atan2(dx, dy) : Math.atan2(dx, -dy)) * radius - 0.5;
      if (u < -1 || u >= sw) continue;
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      const fx = u - x0;
      const fy = v - y0;
      r = g = b = alpha = 0;
      tap(x0, y0, (1 - fx) * (1 - fy));
      tap(x0 + 1, y0, fx * (1 - fy));
      tap(x0, y0 + 1, (1 - fx) * fy);
      tap(x0 + 1, y0 + 1, fx * fy);
      if (alpha === 0) continue;
      const o = (y * out.width + x) * CHANNELS;
      data[o] = Math.round(r / alpha);
      data[o + 1] = Math.round(g / alpha);
      data[o + 2] = Math.round(b / alpha);
      data[o + 3] = Math.round(alpha);
    }
  }
  return { data, width: out.width, height: out.height };
}

async function textOverlay(
  layer: TextLayer,
  placed: PlacedBox,
  scale: number,
  canvas: { width: number; height: number },
): Promise<OverlayOptions | null> {
  const margin = textMargin(layer, scale);
  const lineHeight = layer.fontSize * scale * TEXT_LINE_HEIGHT;
  const curved = layer.curve !== 0;
  const line = curved ? { width: placed.width, height: lineHeight } : placed;
  const straight = await sharp(Buffer.from(textSvg(layer, scale, line, margin)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let raster: Raster = {
    data: straight.data,
    width: straight.info.width,
    height: straight.info.height,
  };
  if (curved) {
    raster = bendAlongArc(
      raster,
      {
        width: Math.max(1, Math.round(placed.width + 2 * margin)),
        height: Math.max(1, Math.round(placed.height + 2 * margin)),
      },
      { boxWidth: placed.width, lineHeight, margin, curve: layer.curve },
    );
  }
  const part = {
    left: -margin,
    top: -margin,
    width: raster.width,
    height: raster.height,
  };
  const pipeline = sharp(raster.data, {
    raw: { width: raster.width, height: raster.height, channels: CHANNELS },
  });
  return placeOnCanvas(pipeline, part, placed, layer.opacity, canvas);
}

/** The print area's size in pixels at `scale` pixels per millimetre. */
export function canvasSize(area: PrintArea, scale: number): { width: number; height: number } {
  const mm = areaSizeMm(area);
  return {
    width: Math.max(1, Math.round(mm.width * scale)),
    height: Math.max(1, Math.round(mm.height * scale)),
  };
}

/** Each layer of one side as an overlay on the print area's canvas at `scale` px per mm, clipped to it. */
async function layerOverlays(
  canvas: { width: number; height: number },
  layers: DesignLayer[],
  scale: number,
  artwork: ArtworkSource,
): Promise<OverlayOptions[]> {
  const overlays: OverlayOptions[] = [];
  for (const layer of layers) {
    const placed: PlacedBox = {
      left: layer.x * scale,
      top: layer.y * scale,
      width: layer.width * scale,
      height: layer.height * scale,
      rotation: layer.rotation,
    };
    const overlay =
      layer.kind === 'image'
        ? await imageOverlay(await artwork(layer.url), placed, layer.opacity, canvas)
        : await textOverlay(layer, placed, scale, canvas);
    if (overlay) overlays.push(overlay);
  }
  return overlays;
}

/** The layers of one side, bottom to top, on a transparent canvas of the print area. */
function drawLayers(
  area: PrintArea,
  layers: DesignLayer[],
  scale: number,
  artwork: ArtworkSource,
): Promise<Sharp> {
  const canvas = canvasSize(area, scale);
  return layerOverlays(canvas, layers, scale, artwork).then((overlays) =>
    sharp({ create: { ...canvas, channels: CHANNELS, background: TRANSPARENT } }).composite(
      overlays,
    ),
  );
}

/** The layers of one side as pixels, to composite onto each colour's photo. */
export async function renderLayers(
  area: PrintArea,
  layers: DesignLayer[],
  scale: number,
  artwork: ArtworkSource,
): Promise<Raster> {
  const drawn = await drawLayers(area, layers, scale, artwork);
  const { data, info } = await drawn.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The artwork composited into the print area of the product photo. */
export async function renderMockup(
  blank: Buffer,
  area: PrintArea,
  artwork: Raster,
): Promise<Buffer> {
  const photo = sharp(blank);
  const { width, height } = await photo.metadata();
  const inside = intersect(
    { left: area.x, top: area.y, width: artwork.width, height: artwork.height },
    { left: 0, top: 0, width, height },
  );
  const raw = { width: artwork.width, height: artwork.height, channels: CHANNELS } as const;
  const overlays: OverlayOptions[] = inside
    ? [
        {
          input: await sharp(artwork.data, { raw })
            .extract({
              left: inside.left - area.x,
              top: inside.top - area.y,
              width: inside.width,
              height: inside.height,
            })
            .raw()
            .toBuffer(),
          raw: { width: inside.width, height: inside.height, channels: CHANNELS },
          left: inside.left,
          top: inside.top,
        },
      ]
    : [];
  return photo
    .composite(overlays)
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: MOCKUP_JPEG_QUALITY, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/**
 * The print file: the layers alone at the area's print resolution, with transparency, tagged
 * with that resolution. Encoded straight from the composite, never held as one raw buffer.
 */
export async function renderPrintFile(
  area: PrintArea,
  layers: DesignLayer[],
  artwork: ArtworkSource,
): Promise<Buffer> {
  const drawn = await drawLayers(area, layers, printPixelsPerMm(area), artwork);
  return drawn
    .withDensity(area.dpi ?? DEFAULT_PRINT_DPI)
    .png()
    .toBuffer();
}

/** What the white main image needs from the background remover (image-tools). */
export interface Cutter {
  /** The product's mask of a picture: 0 where its backdrop is. */
  mask(bytes: Buffer): Promise<{ alpha: Buffer; width: number; height: number }>;
  /** RGBA pixels of the product, cropped and centred on a pure white square. */
  onWhite(rgba: Buffer, width: number, height: number): Promise<Buffer>;
}

/**
 * The designed product alone on pure white, large enough for a marketplace's main image: the
 * blank is scaled up to `size` px on its longest side, the layers drawn again at that scale (sharp, not scaled
 * pixels), the blank's backdrop cut away by its mask while the artwork stays whole, and the
 * result centred on a white square. Every pixel outside the product is exactly white.
 */
export async function renderWhiteMain(
  blank: Buffer,
  area: PrintArea,
  layers: DesignLayer[],
  artwork: ArtworkSource,
  cutter: Cutter,
  size: number,
): Promise<Buffer> {
  const mask = await cutter.mask(blank);
  const scale = size / Math.max(mask.width, mask.height);
  const width = Math.round(mask.width * scale);
  const height = Math.round(mask.height * scale);
  const big = await sharp(blank)
    .rotate()
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const alpha = await sharp(mask.alpha, {
    raw: { width: mask.width, height: mask.height, channels: 1 },
  })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const mm = areaSizeMm(area);
  const scaled: PrintArea = {
    ...area,
    x: Math.round(area.x * scale),
    y: Math.round(area.y * scale),
    width: Math.round(area.width * scale),
    height: Math.round(area.height * scale),
    widthMm: mm.width,
    heightMm: mm.height,
  };
  const art = await renderLayers(scaled, layers, scaled.width / mm.width, artwork);
  const rgba = Buffer.alloc(width * height * CHANNELS);
  for (let i = 0, j = 0; i < width * height; i++, j += 3) {
    rgba[i * 4] = big[j]!;
    rgba[i * 4 + 1] = big[j + 1]!;
    rgba[i * 4 + 2] = big[j + 2]!;
    rgba[i * 4 + 3] = alpha[i]!;
  }
  // The artwork over the blank ("over" in unpremultiplied pixels); it counts as product too.
  for (let y = 0; y < art.height; y++) {
    const cy = scaled.y + y;
    if (cy < 0 || cy >= height) continue;
    for (let x = 0; x < art.width; x++) {
      const cx = scaled.x + x;
      if (cx < 0 || cx >= width) continue;
      const s = (y * art.width + x) * CHANNELS;
      const a = art.data[s + 3]! / 255;
      if (a === 0) continue;
      const d = (cy * width + cx) * CHANNELS;
      for (let c = 0; c < 3; c++) {
        rgba[d + c] = Math.round(art.data[s + c]! * a + rgba[d + c]! * (1 - a));
      }
      rgba[d + 3] = Math.max(rgba[d + 3]!, art.data[s + 3]!);
    }
  }
  return cutter.onWhite(rgba, width, height);
}
