import { z } from 'zod';
import { text } from './common.ts';

/** What an upload answers; URLs are paths on this server (GET /api/files/<key>). */
export const UploadedFile = z.object({
  id: z.number().int(),
  url: z.string(),
  thumb_url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int(),
  content_type: z.string(),
  original_name: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/** Image types a browser may upload straight to S3-compatible storage. */
export const DirectUploadContentType = z.enum([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
]);
export type DirectUploadContentType = z.infer<typeof DirectUploadContentType>;

export const OssStsInput = z.object({ content_type: DirectUploadContentType });
export type OssStsInput = z.infer<typeof OssStsInput>;

/**
 * Short-lived permission to store one object: PUT the bytes to `url` with exactly `headers`
 * before `expires_at` (unix seconds), then confirm `key` with POST /api/common/oss-confirm.
 */
export const OssUploadCredentials = z.object({
  key: z.string(),
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
});
export type OssUploadCredentials = z.infer<typeof OssUploadCredentials>;

export const OssConfirmInput = z.object({
  key: text().min(1).max(200),
  /** The name of the file the user picked, kept for display. */
  original_name: text().max(200).optional(),
});
export type OssConfirmInput = z.infer<typeof OssConfirmInput>;
