import { z } from 'zod';

/** Every `/api` response is this shape; `code` 0 means success, otherwise it equals the HTTP status. */
export interface Envelope<T> {
  code: number;
  data: T;
  message: string;
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

/** `data.fields` of a 422: field path (dot-joined) → message. */
export const ValidationErrorData = z.object({ fields: z.record(z.string(), z.string()) });
export type ValidationErrorData = z.infer<typeof ValidationErrorData>;

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, message: z.string() });
}

export const EmptyData = z.null();
