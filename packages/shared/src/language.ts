/** The languages the product speaks, zh-CN first: screens, server messages, PDFs and exports. */
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The supported language an `Accept-Language` header prefers most (RFC 9110 §12.5.4 weights),
 * matching on the primary subtag (`zh-TW` still reads zh-CN, `en-GB` reads en); null when the
 * header names none of ours, so the caller falls back to its default.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  let best: { language: Language; q: number } | null = null;
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const primary = range.trim().toLowerCase().split('-')[0];
    const language = LANGUAGES.find((l) => l.toLowerCase().split('-')[0] === primary);
    if (language && (!best || q > best.q)) best = { language, q };
  }
  return best?.language ?? null;
}
