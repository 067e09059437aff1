/** The title in the UI language; English falls back to Chinese when a product has none. */
export function localTitle(item: { title: string; titleEn: string }, language: string): string {
  return language === 'en' && item.titleEn ? item.titleEn : item.title;
}

export function localName(item: { name: string; nameEn: string }, language: string): string {
  return language === 'en' && item.nameEn ? item.nameEn : item.name;
}
