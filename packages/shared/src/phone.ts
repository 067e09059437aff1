import {
  getCountries,
  getCountryCallingCode,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/mobile';

/** Numbers typed without a prefix are mainland numbers, as every account made before prefixes. */
export const DEFAULT_MOBILE_COUNTRY = 'CN';
export const DEFAULT_CALLING_CODE = '86';

/** A bare mainland number, or `+<calling code><number>` valid as a mobile of that country. */
export function isValidMobile(value: string): boolean {
  if (value.startsWith('+')) return /^\+\d{4,16}$/.test(value) && isValidPhoneNumber(value);
  return /^1\d{10}$/.test(value) && isValidPhoneNumber(value, DEFAULT_MOBILE_COUNTRY);
}

/** The value a mobile field sends: mainland numbers bare, any other with its `+code`. */
export function joinMobile(callingCode: string, national: string): string {
  const digits = national.replace(/[\s-]/g, '');
  return callingCode === DEFAULT_CALLING_CODE ? digits : `+${callingCode}${digits}`;
}

/** A stored mobile split for the prefix selector; a bare number is a mainland one. */
export function splitMobile(value: string): { callingCode: string; national: string } {
  if (!value.startsWith('+')) return { callingCode: DEFAULT_CALLING_CODE, national: value };
  const parsed = parsePhoneNumberFromString(value);
  return parsed
    ? { callingCode: parsed.countryCallingCode, national: parsed.nationalNumber }
    : { callingCode: DEFAULT_CALLING_CODE, national: value };
}

/** Every region libphonenumber knows with its calling code, by ISO 3166 code. */
export function callingCodes(): Array<{ country: CountryCode; code: string }> {
  return getCountries().map((country) => ({ country, code: getCountryCallingCode(country) }));
}
