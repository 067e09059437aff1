import type { TFunction } from 'i18next';

/** Seeded menu names are i18n keys (`menu.goods.collect`); names typed in by operators show as they are. */
export function menuLabel(t: TFunction, name: string): string {
  return t(name as 'common.home', { defaultValue: name });
}
