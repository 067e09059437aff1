import type { TextLayer } from '@app/shared';
import { curveSag, TEXT_LINE_HEIGHT } from '@app/shared';

/** Fonts the browser and the server's renderer both have; the generic family covers the rest. */
export const DESIGN_FONTS = ['DejaVu Sans', 'Noto Sans', 'Noto Serif', 'DejaVu Serif'] as const;

export function fontStack(family: string): string {
  const generic = /serif/i.test(family) && !/sans/i.test(family) ? 'serif' : 'sans-serif';
  return `"${family}", ${generic}`;
}

/** Average glyph width in ems, for when no canvas can measure (tests, old browsers). */
const FALLBACK_EM = 0.6;

let context: CanvasRenderingContext2D | null | undefined;

function measureWidth(line: string, font: string, size: number): number {
  if (context === undefined) {
    try {
      context = document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
  }
  if (!context) return line.length * size * FALLBACK_EM;
  context.font = font;
  return context.measureText(line).width;
}

type TextStyle = Pick<TextLayer, 'text' | 'fontFamily' | 'fontSize' | 'fontWeight' | 'curve'>;

/**
 * The box a text layer needs, in the same millimetres as its font size (measuring at the font
 * size in px gives the width in mm, as glyph widths scale with the size).
 */
export function textBox(style: TextStyle): { width: number; height: number } {
  const font = `${style.fontWeight} ${style.fontSize}px ${fontStack(style.fontFamily)}`;
  const lines = style.text.split('\n');
  const width = Math.max(1, ...lines.map((line) => measureWidth(line, font, style.fontSize)));
  if (style.curve !== 0) {
    // Curved text is one line bent along an arc as long as the text.
    return { width, height: style.fontSize * TEXT_LINE_HEIGHT + curveSag(width, style.curve) };
  }
  return { width, height: lines.length * style.fontSize * TEXT_LINE_HEIGHT };
}

/**
 * A text layer after a change of its words or style: the box follows the text and keeps its
 * centre where it was.
 */
export function restyleText(layer: TextLayer, patch: Partial<TextStyle>): TextLayer {
  const next = { ...layer, ...patch };
  const box = textBox(next);
  return {
    ...next,
    ...box,
    x: layer.x + (layer.width - box.width) / 2,
    y: layer.y + (layer.height - box.height) / 2,
  };
}
