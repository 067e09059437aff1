import sharp, { type OverlayOptions } from 'sharp';
import type { ImageTextBox } from '@app/shared';
import { CJK_FONT } from '../../pdf/fonts.ts';
import type { OcrWord } from './ocr.ts';

/** Words further apart than this many line heights belong to different cells (a table's columns). */
const CELL_GAP = 1.2;
/** Room around recognised text that the cover box also takes (anti-aliasing, descenders). */
const PAD = 3;

export interface TextSegment {
  text: string;
  box: ImageTextBox;
}

/** A line's words split into segments where the gap between words says a new cell starts. */
export function segmentsOf(lines: OcrWord[][]): TextSegment[] {
  const segments: TextSegment[] = [];
  for (const words of lines) {
    let run: OcrWord[] = [];
    const flush = () => {
      if (run.length === 0) return;
      const x0 = Math.min(...run.map((w) => w.x0));
      const y0 = Math.min(...run.map((w) => w.y0));
      const x1 = Math.max(...run.map((w) => w.x1));
      const y1 = Math.max(...run.map((w) => w.y1));
      segments.push({
        text: run.map((w) => w.text).join(' '),
        box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
      });
      run = [];
    };
    for (const word of words) {
      const last = run.at(-1);
      const height = Math.max(word.y1 - word.y0, 1);
      if (last && word.x0 - last.x1 > CELL_GAP * height) flush();
      run.push(word);
    }
    flush();
  }
  return segments;
}

/** Only text with letters is worth translating: sizes and numbers stay as drawn. */
export const hasLetters = (text: string) => /\p{L}{2,}/u.test(text);

type Rgb = [number, number, number];
const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** The cover colour (the commonest around the box) and the ink (the pixel inside furthest from it). */
function coloursOf(
  data: Buffer,
  width: number,
  height: number,
  box: ImageTextBox,
): { paper: Rgb; ink: Rgb } {
  const at = (x: number, y: number): Rgb => {
    const i =
      (Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  const ring: Rgb[] = [];
  for (let x = box.x; x < box.x + box.width; x++)
    ring.push(at(x, box.y), at(x, box.y + box.height - 1));
  for (let y = box.y; y < box.y + box.height; y++)
    ring.push(at(box.x, y), at(box.x + box.width - 1, y));
  const paper = [0, 1, 2].map((c) => {
    const sorted = ring.map((p) => p[c]!).sort((a, b) => a - b);
    return sorted[sorted.length >> 1]!;
  }) as Rgb;
  let ink: Rgb = paper;
  let far = -1;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const p = at(x, y);
      const d = Math.abs(p[0] - paper[0]) + Math.abs(p[1] - paper[1]) + Math.abs(p[2] - paper[2]);
      if (d > far) {
        far = d;
        ink = p;
      }
    }
  }
  return { paper, ink };
}

const escapeMarkup = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Paints each segment's box over in the colour around it and writes its new text inside, in
 * the original ink, fitted to the box (Pango through sharp, with the CJK font the PDFs use, so
 * any target language draws). Answers the picture in its own format.
 */
export async function paintTranslations(
  image: Buffer,
  replaced: Array<{ box: ImageTextBox; text: string }>,
): Promise<{ data: Buffer; width: number; height: number; format: 'jpeg' | 'png' }> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const overlays: OverlayOptions[] = [];
  for (const { box: found, text } of replaced) {
    const box = {
      x: Math.max(0, found.x - PAD),
      y: Math.max(0, found.y - PAD),
      width: Math.min(width, found.x + found.width + PAD) - Math.max(0, found.x - PAD),
      height: Math.min(height, found.y + found.height + PAD) - Math.max(0, found.y - PAD),
    };
    if (box.width <= 0 || box.height <= 0) continue;
    const { paper, ink } = coloursOf(data, width, height, box);
    overlays.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><rect width="100%" height="100%" fill="${hex(paper)}"/></svg>`,
      ),
      left: box.x,
      top: box.y,
    });
    const drawn = await sharp({
      text: {
        text: `<span foreground="${hex(ink)}">${escapeMarkup(text)}</span>`,
        font: CJK_FONT.family,
        fontfile: CJK_FONT.file(),
        width: Math.max(1, box.width - 2),
        height: Math.max(1, found.height + 2),
        rgba: true,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    overlays.push({
      input: drawn.data,
      left: box.x + 1,
      top: Math.max(0, Math.min(height - drawn.info.height, box.y + PAD - 1)),
    });
  }
  const format = (await sharp(image).metadata()).format === 'jpeg' ? 'jpeg' : 'png';
  const out = sharp(data, { raw: { width, height, channels: 3 } }).composite(overlays);
  return {
    data: await (format === 'jpeg' ? out.jpeg({ quality: 92 }) : out.png()).toBuffer(),
    width,
    height,
    format,
  };
}
