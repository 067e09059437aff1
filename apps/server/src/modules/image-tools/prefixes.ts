import { callingCodes, DEFAULT_MOBILE_COUNTRY, type MobilePrefix } from '@app/shared';

let cached: MobilePrefix[] | null = null;

/**
 * Calling codes from libphonenumber's metadata, named by the CLDR data in Node's ICU
 * (`Intl.DisplayNames`); China first, then by Chinese name. Computed once per process.
 */
export function mobilePrefixes(): MobilePrefix[] {
  if (cached) return cached;
  const zh = new Intl.DisplayNames(['zh-CN'], { type: 'region' });
  const en = new Intl.DisplayNames(['en'], { type: 'region' });
  const collator = new Intl.Collator('zh-CN');
  cached = callingCodes()
    .map(({ country, code }) => ({
      country,
      code,
      name_zh: zh.of(country) ?? country,
      name_en: en.of(country) ?? country,
    }))
    .sort(
      (a, b) =>
        Number(b.country === DEFAULT_MOBILE_COUNTRY) -
          Number(a.country === DEFAULT_MOBILE_COUNTRY) || collator.compare(a.name_zh, b.name_zh),
    );
  return cached;
}
