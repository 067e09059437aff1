import { z } from 'zod';
import { queryInt, text } from './common.ts';

export const MenuType = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const MenuItem = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  router: z.string().nullable(),
  perms: z.string().nullable(),
  type: MenuType,
  icon: z.string().nullable(),
  orderNum: z.number().int(),
  viewPath: z.string().nullable(),
  keepAlive: z.boolean(),
  isShow: z.boolean(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type MenuItem = z.infer<typeof MenuItem>;

export const MenuScope = z.enum(['seller', 'admin']);
export type MenuScope = z.infer<typeof MenuScope>;

export const GetMenuResult = z.object({ menus: z.array(MenuItem), perms: z.array(z.string()) });
export type GetMenuResult = z.infer<typeof GetMenuResult>;

const menuFields = {
  parentId: z.number().int().positive().nullable().default(null),
  name: text().trim().min(1).max(64),
  router: text().trim().max(255).nullable().default(null),
  perms: text().trim().max(1024).nullable().default(null),
  type: MenuType,
  icon: text().trim().max(64).nullable().default(null),
  orderNum: z.number().int().min(0).max(100_000).default(0),
  viewPath: text().trim().max(255).nullable().default(null),
  keepAlive: z.boolean().default(false),
  isShow: z.boolean().default(true),
};

const pageNeedsRoute: [
  (m: { type: number; router: string | null }) => boolean,
  { message: string; path: string[] },
] = [
  (m) => m.type !== 1 || (m.router !== null && m.router.startsWith('/')),
  { message: 'A page needs a route starting with /', path: ['router'] },
];

export const AddMenuInput = z
  .object({ ...menuFields, scope: MenuScope.default('seller') })
  .refine(...pageNeedsRoute);
export type AddMenuInput = z.infer<typeof AddMenuInput>;

export const UpdateMenuInput = z
  .object({ id: z.number().int().positive(), ...menuFields })
  .refine(...pageNeedsRoute);
export type UpdateMenuInput = z.infer<typeof UpdateMenuInput>;

export const DeleteMenuInput = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(500),
});
export type DeleteMenuInput = z.infer<typeof DeleteMenuInput>;

/** How many menus a delete removed, descendants included. */
export const DeleteMenuResult = z.object({ deleted: z.number().int() });
export type DeleteMenuResult = z.infer<typeof DeleteMenuResult>;

export const MenuListQuery = z.object({ scope: MenuScope.default('seller') });
export type MenuListQuery = z.infer<typeof MenuListQuery>;

export const MenuPageQuery = z.object({
  scope: MenuScope.default('seller'),
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  keyword: text().trim().max(64).optional(),
});
export type MenuPageQuery = z.infer<typeof MenuPageQuery>;

export const JobIdParams = z.object({ id: z.uuid() });
export type JobIdParams = z.infer<typeof JobIdParams>;

export const JobState = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  progress: z.number().int().min(0).max(100),
  total: z.number().int(),
  done: z.number().int(),
  message: z.string().nullable(),
  result: z.unknown().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type JobState = z.infer<typeof JobState>;
