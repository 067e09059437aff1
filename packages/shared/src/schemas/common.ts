import { z } from 'zod';

/** Paging: `page` from 1, `size` or `limit` for the page length. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const IdInput = z.object({ id: z.coerce.number().int().positive() });
export type IdInput = z.infer<typeof IdInput>;

export const IdsInput = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1).max(1000),
});
export type IdsInput = z.infer<typeof IdsInput>;

export function pageResultOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    pagination: z.object({
      page: z.number().int(),
      size: z.number().int(),
      total: z.number().int(),
    }),
  });
}
