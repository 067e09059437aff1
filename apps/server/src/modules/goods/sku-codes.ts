/** Latin letters and digits of a colour or size, upper-cased: "Heather Grey" → "HEATHERGREY". */
function codePart(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 16);
}

/** The readable code a SKU gets when the seller leaves it blank: `FP<product>-<COLOUR>-<SIZE>`. */
export function skuCodeBase(productId: number, color: string, size: string): string {
  return [`FP${productId}`, codePart(color), codePart(size)].filter((p) => p !== '').join('-');
}

/**
 * Codes for SKUs whose code is blank, unique against `taken` (the seller's codes in use, which it
 * extends): a clash gets `-2`, `-3`, … A given code is kept as it is.
 */
export function assignSkuCodes(
  productId: number,
  skus: Array<{ code: string | null; color: string; size: string }>,
  taken: Set<string>,
): string[] {
  for (const sku of skus) if (sku.code) taken.add(sku.code);
  return skus.map((sku) => {
    if (sku.code) return sku.code;
    const base = skuCodeBase(productId, sku.color, sku.size);
    let code = base;
    for (let n = 2; taken.has(code); n += 1) code = `${base}-${n}`;
    taken.add(code);
    return code;
  });
}
