import { COOKIE_DEFAULT_TTL_DAYS } from '@app/shared';

const SECONDS_PER_DAY = 86_400;

export function setCookie(
  name: string,
  value: string,
  maxAgeSeconds = COOKIE_DEFAULT_TTL_DAYS * SECONDS_PER_DAY,
): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; Path=/; SameSite=Lax${secure}`;
}

export function getCookie(name: string): string | null {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? null : decodeURIComponent(entry.slice(prefix.length));
}

export function removeCookie(name: string): void {
  setCookie(name, '', 0);
}
