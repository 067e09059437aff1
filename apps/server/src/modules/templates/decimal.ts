/**
 * Exact non-negative fractions on bigint, so prices never pick up float drift: rates arrive as
 * decimal strings and percentages as basis points.
 */
export interface Fraction {
  n: bigint;
  d: bigint;
}

export const fraction = (n: bigint | number, d: bigint | number = 1n): Fraction => ({
  n: BigInt(n),
  d: BigInt(d),
});

export function multiply(a: Fraction, b: Fraction): Fraction {
  return { n: a.n * b.n, d: a.d * b.d };
}

export function divide(a: Fraction, b: Fraction): Fraction {
  if (b.n === 0n) throw new RangeError('Division by zero');
  return { n: a.n * b.d, d: a.d * b.n };
}

/** "7.1234" → 71234/10000; only plain non-negative decimals. */
export function parseDecimal(value: string): Fraction {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal: ${value}`);
  const decimals = match[2] ?? '';
  return { n: BigInt(match[1]! + decimals), d: 10n ** BigInt(decimals.length) };
}

export function floor(x: Fraction): bigint {
  return x.n / x.d;
}

export function ceil(x: Fraction): bigint {
  return (x.n + x.d - 1n) / x.d;
}

/** Nearest integer, halves up. */
export function roundHalfUp(x: Fraction): bigint {
  return (2n * x.n + x.d) / (2n * x.d);
}

/** `x / 10^scale` written with `places` decimals, halves up: toDecimal(1234n/1n, 2, 2) = "12.34". */
export function toDecimal(x: Fraction, scale: number, places: number): string {
  const scaled = roundHalfUp(multiply(x, fraction(10n ** BigInt(places), 10n ** BigInt(scale))));
  if (places === 0) return scaled.toString();
  const digits = scaled.toString().padStart(places + 1, '0');
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}
