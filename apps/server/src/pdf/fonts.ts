import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import subsetFont from 'subset-font';

/**
 * Text in PDFs: Noto Sans Hans (Latin, CJK, punctuation) and Noto Sans Thai, both installed
 * from npm. The 8 MB CJK font is cut down per document by harfbuzz to the characters the
 * document prints, so a label carries a few kilobytes of font. (pdf-lib's own subsetting
 * writes a CFF font that viewers reject, hence harfbuzz.)
 */
const require = createRequire(import.meta.url);
const FILES = {
  cjk: {
    regular: ['@embedpdf/fonts-sc', 'fonts/NotoSansHans-Regular.otf'],
    bold: ['@embedpdf/fonts-sc', 'fonts/NotoSansHans-Bold.otf'],
  },
  thai: {
    regular: ['@expo-google-fonts/noto-sans-thai', '400Regular/NotoSansThai_400Regular.ttf'],
    bold: ['@expo-google-fonts/noto-sans-thai', '700Bold/NotoSansThai_700Bold.ttf'],
  },
} as const;
type Script = keyof typeof FILES;
export type Weight = 'regular' | 'bold';

/** A file inside an installed package, whose `exports` may not list it: found from its root. */
function packageFile(pkg: string, file: string): string {
  let dir = path.dirname(require.resolve(pkg));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return path.join(dir, file);
}

/** Font files are read once per process (the CJK one is 8 MB) and kept. */
const loaded = new Map<string, Promise<Buffer>>();
function fontFile([pkg, file]: readonly [string, string]): Promise<Buffer> {
  const key = `${pkg}/${file}`;
  let bytes = loaded.get(key);
  if (!bytes) {
    bytes = readFile(packageFile(pkg, file));
    bytes.catch(() => loaded.delete(key));
    loaded.set(key, bytes);
  }
  return bytes;
}

/** Thai letters, vowels and tone marks go to the Thai font; everything else to the CJK one. */
const scriptOf = (ch: string): Script => (/[\u0E00-\u0E7F]/u.test(ch) ? 'thai' : 'cjk');

/** Consecutive characters of one script. */
function runsOf(text: string): Array<{ script: Script; text: string }> {
  const runs: Array<{ script: Script; text: string }> = [];
  for (const ch of text) {
    const script = scriptOf(ch);
    const last = runs.at(-1);
    if (last?.script === script) last.text += ch;
    else runs.push({ script, text: ch });
  }
  return runs;
}

/** Tabs and newlines print as spaces; everything in NFC, so accents are single characters. */
const clean = (text: string) => text.normalize('NFC').replace(/[\t\r\n]/g, ' ');

/** Draws and measures text in any of the product's languages. */
export interface PdfText {
  width(text: string, size: number, weight?: Weight): number;
  /** Height of the capitals above the baseline, for placing a line by its top. */
  ascent(size: number): number;
  draw(
    page: PDFPage,
    text: string,
    at: { x: number; y: number; size: number; weight?: Weight },
  ): void;
}

/**
 * A PdfText that measures nothing and draws nothing, only remembers the text: run the layout
 * with it first to learn which characters the document needs.
 */
export function textCollector(): { text: PdfText; collected: () => string } {
  const seen = new Set<string>();
  const note = (text: string) => {
    for (const ch of clean(text)) seen.add(ch);
  };
  return {
    text: {
      width: (text) => (note(text), 0),
      ascent: (size) => size * 0.75,
      draw: (_page, text) => note(text),
    },
    collected: () => [...seen].join(''),
  };
}

/**
 * Embeds the fonts `chars` need, each subset to them, and answers the PdfText that draws with
 * them. A character neither font has prints as "?".
 */
export async function embedPdfText(doc: PDFDocument, chars: string): Promise<PdfText> {
  doc.registerFontkit(fontkit);
  // '?' stands in for missing characters and '...' ends a shortened line.
  const all = [...new Set(clean(`${chars}?.`))];
  const fonts = new Map<string, { font: PDFFont; has: Set<number> }>();
  for (const script of Object.keys(FILES) as Script[]) {
    const wanted = all.filter((ch) => scriptOf(ch) === script).join('');
    if (wanted === '') continue;
    for (const weight of ['regular', 'bold'] as const) {
      const subset = await subsetFont(await fontFile(FILES[script][weight]), wanted, {
        targetFormat: 'sfnt',
        noHinting: true,
        // pdf-lib places glyphs by advance width alone, so CJK's large layout tables would be
        // dead weight (half the label); Thai keeps them for its vowel and tone mark forms.
        ...(script === 'cjk' ? { dropTables: ['GSUB', 'GPOS'] } : {}),
      });
      const font = await doc.embedFont(subset, { subset: false });
      fonts.set(`${script}:${weight}`, { font, has: new Set(font.getCharacterSet()) });
    }
  }
  const fontFor = (script: Script, weight: Weight) =>
    fonts.get(`${script}:${weight}`) ?? fonts.get(`cjk:${weight}`)!;
  const pieces = (text: string, weight: Weight) =>
    runsOf(clean(text)).map((run) => {
      const { font, has } = fontFor(run.script, weight);
      const shown = [...run.text].map((ch) => (has.has(ch.codePointAt(0)!) ? ch : '?')).join('');
      return { font, text: shown };
    });
  const base = fontFor('cjk', 'regular').font;
  return {
    width: (text, size, weight = 'regular') =>
      pieces(text, weight).reduce((w, p) => w + p.font.widthOfTextAtSize(p.text, size), 0),
    ascent: (size) => base.heightAtSize(size, { descender: false }),
    draw(page, text, { x, y, size, weight = 'regular' }) {
      let at = x;
      for (const p of pieces(text, weight)) {
        page.drawText(p.text, { x: at, y, size, font: p.font });
        at += p.font.widthOfTextAtSize(p.text, size);
      }
    },
  };
}

/** The CJK font's file and family, for text drawn into images (sharp's text input). */
export const CJK_FONT = {
  file: () => packageFile(...FILES.cjk.regular),
  family: 'Noto Sans S Chinese',
};
