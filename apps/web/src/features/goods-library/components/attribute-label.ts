import type { TFunction } from 'i18next';

/** Attribute keys come from suppliers as raw words; known ones are translated, others shown as sent. */
export function attributeLabel(t: TFunction, key: string): string {
  const known: Record<string, string> = t('goodsLibrary.attributes', { returnObjects: true });
  return Object.hasOwn(known, key) ? known[key]! : key;
}
