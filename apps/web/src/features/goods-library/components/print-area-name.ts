import { i18n } from '../../../shared/i18n/i18n.ts';

/**
 * A print area's name ("front", "full bleed") in the reader's language; a name the texts do not
 * know shows as stored. Callers re-render on a language change through their `useTranslation`.
 */
export function printAreaName(name: string): string {
  const key = `goodsLibrary.printArea.${name.trim().replace(/\s+/g, '_')}`;
  return i18n.exists(key) ? i18n.t(key as 'goodsLibrary.printArea.front') : name;
}
