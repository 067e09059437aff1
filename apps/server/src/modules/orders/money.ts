/** Order amounts are integer minor units of the order's currency (see `@app/shared` money). */

/** `minor × part / whole`, rounded half up, without float overflow for large amounts. */
export function proportion(minor: number, part: number, whole: number): number {
  const scaled = BigInt(minor) * BigInt(part) * 2n + BigInt(whole);
  return Number(scaled / (BigInt(whole) * 2n));
}
