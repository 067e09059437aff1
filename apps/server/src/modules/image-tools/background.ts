import sharp from 'sharp';
import { BACKGROUND_TOLERANCE_DEFAULT } from '@app/shared';

/**
 * Background removal for product photos on a plain backdrop, by colour alone: the backdrop is
 * estimated from the picture's border and flood-filled inwards in Lab, so a soft gradient or a
 * floor shadow goes with it while a product edge stops the fill. No model is involved (none
 * can be fetched here), so it suits studio shots and mockups, not busy scenes.
 */

/** The flood fill runs on a copy at most this long on its longest side; the mask is scaled up. */
const WORK_MAX_PX = 1024;
/** Largest Lab step from the carried backdrop colour, as a share of the tolerance. */
const STEP_SHARE = 0.4;
/** How fast the carried backdrop colour follows the pixels the fill passes. */
const MEAN_RATE = 0.2;
const SHADOW_FACTOR = 2;
/** A feathered edge: the mask's blur in output pixels, kept inside the product. */
const FEATHER_SIGMA = 1.2;

export interface BackgroundMask {
  /** One byte per output pixel: 0 background, 255 product, between on the feathered edge. */
  alpha: Buffer;
  width: number;
  height: number;
  /** Share of the picture that is background. */
  share: number;
}

const LINEAR = new Float32Array(256).map((_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

function labOf(rgb: Buffer, pixels: number, channels: number): Float32Array {
  const lab = new Float32Array(pixels * 3);
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  for (let i = 0; i < pixels; i++) {
    const r = LINEAR[rgb[i * channels]!]!;
    const g = LINEAR[rgb[i * channels + 1]!]!;
    const b = LINEAR[rgb[i * channels + 2]!]!;
    const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
    const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    lab[i * 3] = 116 * y - 16;
    lab[i * 3 + 1] = 500 * (x - y);
    lab[i * 3 + 2] = 200 * (y - z);
  }
  return lab;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/**
 * Marks background pixels (1) of a w×h Lab raster: border pixels near the border's median
 * colour seed a fill that moves to a neighbour while the neighbour stays within a small step of
 * the backdrop colour carried along the fill (a running mean, so a slow gradient or a soft
 * shadow follows, while an anti-aliased edge, a fast run of small steps, does not) and within
 * `tolerance` of the border's colour (twice that for darker pixels: shadows).
 */
export function floodBackground(
  lab: Float32Array,
  width: number,
  height: number,
  tolerance: number,
): Uint8Array {
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);
  const ref = [0, 1, 2].map((c) => median(border.map((p) => lab[p * 3 + c]!)));
  // Shadows are darker than the backdrop, so darker pixels may stray twice as far.
  const beyondRef = (p: number) =>
    Math.hypot(lab[p * 3]! - ref[0]!, lab[p * 3 + 1]! - ref[1]!, lab[p * 3 + 2]! - ref[2]!) >
    (lab[p * 3]! < ref[0]! ? SHADOW_FACTOR * tolerance : tolerance);
  const step = Math.max(1.5, tolerance * STEP_SHARE);
  const mask = new Uint8Array(width * height);
  const mean = new Float32Array(width * height * 3);
  const queue = new Int32Array(width * height);
  let head = 0;
  let tail = 0;
  for (const p of border) {
    if (mask[p] === 0 && !beyondRef(p)) {
      mask[p] = 1;
      mean.set(lab.subarray(p * 3, p * 3 + 3), p * 3);
      queue[tail++] = p;
    }
  }
  while (head < tail) {
    const p = queue[head++]!;
    const x = p % width;
    const visit = (q: number) => {
      if (mask[q] !== 0) return;
      const dl = lab[q * 3]! - mean[p * 3]!;
      const da = lab[q * 3 + 1]! - mean[p * 3 + 1]!;
      const db = lab[q * 3 + 2]! - mean[p * 3 + 2]!;
      if (Math.hypot(dl, da, db) > step || beyondRef(q)) return;
      mask[q] = 1;
      mean[q * 3] = mean[p * 3]! + MEAN_RATE * dl;
      mean[q * 3 + 1] = mean[p * 3 + 1]! + MEAN_RATE * da;
      mean[q * 3 + 2] = mean[p * 3 + 2]! + MEAN_RATE * db;
      queue[tail++] = q;
    };
    if (x > 0) visit(p - 1);
    if (x < width - 1) visit(p + 1);
    if (p >= width) visit(p - width);
    if (p < width * (height - 1)) visit(p + width);
  }
  return mask;
}

/** The product's mask at the picture's full size (orientation applied). */
export async function backgroundMask(
  bytes: Buffer,
  tolerance = BACKGROUND_TOLERANCE_DEFAULT,
): Promise<BackgroundMask> {
  const meta = await sharp(bytes).rotate().metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const scale = Math.min(1, WORK_MAX_PX / Math.max(width, height));
  const small = await sharp(bytes)
    .rotate()
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), {
      fit: 'fill',
    })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { info } = small;
  const pixels = info.width * info.height;
  const background = floodBackground(
    labOf(small.data, pixels, info.channels),
    info.width,
    info.height,
    tolerance,
  );
  const solid = Buffer.alloc(pixels);
  let removed = 0;
  for (let i = 0; i < pixels; i++) {
    if (background[i]) removed++;
    else solid[i] = 255;
  }
  const raw = { width: info.width, height: info.height, channels: 1 } as const;
  const hard = await sharp(solid, { raw })
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const soft = await sharp(hard, { raw: { width, height, channels: 1 } })
    .blur(FEATHER_SIGMA)
    .extractChannel(0)
    .raw()
    .toBuffer();
  // The feather stays inside the product: what the fill called background is fully cut away.
  for (let i = 0; i < hard.length; i++) if (hard[i] === 0) soft[i] = 0;
  return { alpha: soft, width, height, share: removed / pixels };
}

/** The picture with the mask as its alpha channel (orientation applied), as raw RGBA pixels. */
export async function cutOut(bytes: Buffer, mask: BackgroundMask): Promise<Buffer> {
  // Two steps: sharp drops alpha late in its pipeline, which would take the joined mask too.
  const rgb = await sharp(bytes)
    .rotate()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const out = Buffer.alloc(mask.width * mask.height * 4);
  for (let i = 0, j = 0; i < mask.alpha.length; i++, j += 3) {
    out[i * 4] = rgb[j]!;
    out[i * 4 + 1] = rgb[j + 1]!;
    out[i * 4 + 2] = rgb[j + 2]!;
    out[i * 4 + 3] = mask.alpha[i]!;
  }
  return out;
}

export interface RemovedBackground {
  data: Buffer;
  ext: 'jpg' | 'png';
  width: number;
  height: number;
  share: number;
}

/** The photo on pure white (JPEG) or with a transparent background (PNG). */
export async function removeBackground(
  bytes: Buffer,
  options: { background: 'white' | 'transparent'; tolerance?: number },
): Promise<RemovedBackground> {
  const mask = await backgroundMask(bytes, options.tolerance);
  const rgba = await cutOut(bytes, mask);
  const image = sharp(rgba, { raw: { width: mask.width, height: mask.height, channels: 4 } });
  const data =
    options.background === 'transparent'
      ? await image.png().toBuffer()
      : await image
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
          .toBuffer();
  return {
    data,
    ext: options.background === 'transparent' ? 'png' : 'jpg',
    width: mask.width,
    height: mask.height,
    share: mask.share,
  };
}

/** Edge length of a compliant main image: Amazon zooms from 1,000 px; 1,600 px leaves room. */
export const WHITE_MAIN_PX = 1600;
/** The product fills this share of the longer side (Amazon asks for 85 % of the frame). */
const FILL = 0.9;

/**
 * RGBA pixels whose alpha marks the product, cropped to it and centred on a pure white square
 * of WHITE_MAIN_PX; lossless, so every background pixel stays exactly white.
 */
export async function onWhiteSquare(rgba: Buffer, width: number, height: number): Promise<Buffer> {
  const raw = { width, height, channels: 4 } as const;
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  const box =
    right < 0
      ? { left: 0, top: 0, width, height }
      : { left, top, width: right - left + 1, height: bottom - top + 1 };
  const inner = Math.round(WHITE_MAIN_PX * FILL);
  const product = await sharp(rgba, { raw })
    .extract(box)
    .resize(inner, inner, { fit: 'inside', kernel: 'lanczos3' })
    .png()
    .toBuffer({ resolveWithObject: true });
  return sharp({
    create: { width: WHITE_MAIN_PX, height: WHITE_MAIN_PX, channels: 3, background: '#ffffff' },
  })
    .composite([
      {
        input: product.data,
        left: Math.floor((WHITE_MAIN_PX - product.info.width) / 2),
        top: Math.floor((WHITE_MAIN_PX - product.info.height) / 2),
      },
    ])
    .png({ compressionLevel: 6 })
    .toBuffer();
}
