import type { z } from 'zod';

/** `1,2,3` from a query parameter → [1, 2, 3]: positive integers only, each once, in order. */
export function parseIds(raw: string | null): number[] {
  if (!raw) return [];
  const ids = raw
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(ids)];
}

/**
 * Reads the keys of `schema` from the URL; a hand-edited bad value is dropped on its own rather
 * than the whole query.
 */
export function readQueryWith<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  keys: readonly string[],
  params: URLSearchParams,
): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const first = schema.safeParse(raw);
  if (first.success) return first.data;
  for (const issue of first.error.issues) delete raw[String(issue.path[0])];
  return schema.safeParse(raw).data ?? schema.parse({});
}

/** The query without its default values, so links stay short. */
export function writeQueryWith(
  query: Record<string, unknown>,
  defaults: Record<string, unknown>,
  extra: Record<string, string> = {},
): URLSearchParams {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || value === defaults[key]) continue;
    params.set(key, String(value));
  }
  return params;
}
