/** The title in the UI language; English falls back to Chinese when a product has none. */
export function localTitle(item: { title: string; titleEn: string }, language: string): string {
  return language === 'en' && item.titleEn ? item.titleEn : item.title;
}

export function localName(item: { name: string; nameEn: string }, language: string): string {
  return language === 'en' && item.nameEn ? item.nameEn : item.name;
}

/** A SKU's colour in the reader's language (its key is the English name). */
export function localColor(sku: { color: string; colorZh: string }, language: string): string {
  return language === 'en' || !sku.colorZh ? sku.color : sku.colorZh;
}

/** A SKU's size in the reader's language; codes and measures (M, 11oz) have no zh-CN form. */
export function localSize(sku: { size: string; sizeZh: string }, language: string): string {
  return language === 'en' || !sku.sizeZh ? sku.size : sku.sizeZh;
}

/** Attribute names and values in the reader's language, either form when the other is empty. */
export function localAttributes(
  item: { attributes: Record<string, string>; attributesEn: Record<string, string> },
  language: string,
): Record<string, string> {
  const en = Object.keys(item.attributesEn).length > 0;
  return (language === 'en' && en) || Object.keys(item.attributes).length === 0
    ? item.attributesEn
    : item.attributes;
}
