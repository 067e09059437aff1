/**
 * GS1 check digits for UPC-A (12 digits) and EAN-13 (13 digits), shared by the server's import
 * and the web's forms so both reject the same codes.
 */

export type GtinKind = 'upc' | 'ean';

export type GtinProblem = 'not_digits' | 'wrong_length' | 'bad_check_digit';

export type GtinCheck =
  { ok: true; kind: GtinKind; gtin13: string } | { ok: false; reason: GtinProblem };

/**
 * The check digit of a GTIN body (every digit but the last): from the right, digits are
 * weighted 3, 1, 3, 1…; the check digit brings the sum to a multiple of ten.
 */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

const DIGITS = /^\d+$/;

/**
 * Checks a UPC-A or EAN-13 code as typed or imported (surrounding spaces ignored). `gtin13` is
 * the code as 13 digits (a UPC-A with a leading zero), so a UPC-A and the same EAN-13 are one
 * code.
 */
export function checkGtin(raw: string): GtinCheck {
  const code = raw.trim();
  if (!DIGITS.test(code)) return { ok: false, reason: 'not_digits' };
  if (code.length !== 12 && code.length !== 13) return { ok: false, reason: 'wrong_length' };
  if (gs1CheckDigit(code.slice(0, -1)) !== Number(code[code.length - 1])) {
    return { ok: false, reason: 'bad_check_digit' };
  }
  return { ok: true, kind: code.length === 12 ? 'upc' : 'ean', gtin13: code.padStart(13, '0') };
}

/** A body of 11 (UPC-A) or 12 (EAN-13) digits with its check digit appended. */
export function withCheckDigit(body: string): string {
  return `${body}${gs1CheckDigit(body)}`;
}
