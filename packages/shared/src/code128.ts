/**
 * A Code 128 encoder for shipping labels: code set B for text, code set C (two digits per
 * symbol) for runs of digits long enough to pay for the switch, the mod-103 checksum, the stop
 * symbol with its termination bar, and quiet zones of ten modules on both sides.
 */

/** Bar/space widths in modules of symbol values 0–106 (ISO/IEC 15417); each adds up to 11. */
export const CODE128_PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
]; // prettier-ignore

export const CODE_C = 99;
export const CODE_B = 100;
export const START_B = 104;
export const START_C = 105;
export const STOP = 106;
export const QUIET_ZONE_MODULES = 10;

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

function digitRun(text: string, from: number): number {
  let n = 0;
  while (isDigit(text[from + n])) n++;
  return n;
}

/**
 * The symbol values of `text` including start, checksum and stop. Only printable ASCII
 * (32–126) is encodable; anything else throws.
 */
export function code128Values(text: string): number[] {
  if (text.length === 0) throw new Error('Nothing to encode');
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch.length !== 1 || code < 32 || code > 126) {
      throw new Error(`Code 128 (set B/C) cannot encode ${JSON.stringify(ch)}`);
    }
  }
  const values: number[] = [];
  let set: 'B' | 'C';
  let i = 0;
  const lead = digitRun(text, 0);
  // C from the start when the text is all digits (even count) or opens with four or more.
  if ((lead === text.length && lead % 2 === 0) || lead >= 4) {
    set = 'C';
    values.push(START_C);
  } else {
    set = 'B';
    values.push(START_B);
  }
  while (i < text.length) {
    if (set === 'C') {
      if (digitRun(text, i) >= 2) {
        values.push(Number(text.slice(i, i + 2)));
        i += 2;
        continue;
      }
      set = 'B';
      values.push(CODE_B);
      continue;
    }
    const run = digitRun(text, i);
    const atEnd = i + run === text.length;
    // Switching costs a symbol: worth it for 4+ digits ending the text, 6+ in the middle.
    if (run >= (atEnd ? 4 : 6)) {
      if (run % 2 === 1) {
        values.push(text.charCodeAt(i) - 32);
        i++;
      }
      set = 'C';
      values.push(CODE_C);
      continue;
    }
    values.push(text.charCodeAt(i) - 32);
    i++;
  }
  const checksum = values.reduce((sum, v, n) => sum + v * (n === 0 ? 1 : n), 0) % 103;
  values.push(checksum, STOP);
  return values;
}

/** Module widths, bar first, of the whole symbol without quiet zones. */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((v) => [...CODE128_PATTERNS[v]!].map(Number));
}

export interface Bar {
  /** Offset from the left edge of the quiet zone, in modules. */
  x: number;
  width: number;
}

/** The dark bars with their positions, and the total width including both quiet zones. */
export function code128Bars(text: string): { bars: Bar[]; modules: number } {
  const bars: Bar[] = [];
  let x = QUIET_ZONE_MODULES;
  code128Widths(text).forEach((width, n) => {
    if (n % 2 === 0) bars.push({ x, width });
    x += width;
  });
  return { bars, modules: x + QUIET_ZONE_MODULES };
}
