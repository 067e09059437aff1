import { z } from 'zod';

/**
 * Every `/api` response is this shape; `code` 0 means success, otherwise it equals the HTTP
 * status. An error also carries `key`, its stable message key (`listings.not_found`): `message`
 * is that key rendered in the request's language, for showing as sent; screens that must tell
 * errors apart branch on `key`, never on the text.
 */
export interface Envelope<T> {
  code: number;
  data: T;
  message: string;
  key?: string;
}

export const ErrorCode = {
  ok: 0,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  validation: 422,
  tooManyRequests: 429,
  internal: 500,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * `data.fields` of a 422 (and of a 409 naming a field): field path (dot-joined) → message in
 * the request's language; `data.field_keys`: the same paths → each message's stable key.
 */
export const ValidationErrorData = z.object({
  fields: z.record(z.string(), z.string()),
  field_keys: z.record(z.string(), z.string()),
});
export type ValidationErrorData = z.infer<typeof ValidationErrorData>;

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, message: z.string() });
}

export const EmptyData = z.null();
