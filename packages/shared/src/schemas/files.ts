import { z } from 'zod';

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
