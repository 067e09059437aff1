/** Swatch shown when a colour name means nothing to CSS. */
const UNKNOWN = '#d9d9d9';

/**
 * A dot colour for a SKU colour name ("Navy", "Heather Grey"): the name itself when CSS knows
 * it, else its last word, else a neutral grey.
 */
export function swatchColour(name: string, supports = defaultSupports): string {
  const words = name.toLowerCase().trim().split(/\s+/);
  const candidates = [words.join(''), words.at(-1) ?? ''];
  return candidates.find((candidate) => candidate && supports(candidate)) ?? UNKNOWN;
}

function defaultSupports(colour: string): boolean {
  return typeof CSS !== 'undefined' && CSS.supports('color', colour);
}
