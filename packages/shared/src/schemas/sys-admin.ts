import { z } from 'zod';
import { Email, Password } from './auth.ts';
import { pageResultOf, queryInt, text } from './common.ts';

/**
 * The operators' console (issue 22): departments, operators, roles and typed parameters. Field
 * names follow sys/menu (camelCase), the console's first namespace.
 */

const id = z.number().int().positive();
const unix = z.number().int();
const pageFields = {
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  keyword: text().trim().max(64).optional(),
};
/** `ids=1,2,3` in a query string: plain decimal ids, at most 200. */
const queryIds = text()
  .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,199}$/, 'validation.id_list')
  .transform((s) => s.split(',').map(Number));

// Departments (`sys/dept`, ordering at `sys/department/order`).

export const Department = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  orderNum: z.number().int(),
  /** Operators directly in this department. */
  userCount: z.number().int(),
  createTime: unix,
  updateTime: unix,
});
export type Department = z.infer<typeof Department>;

const departmentFields = {
  parentId: id.nullable().default(null),
  name: text().trim().min(1).max(64),
  orderNum: z.number().int().min(0).max(100_000).default(0),
};
export const AddDepartmentInput = z.object(departmentFields);
export type AddDepartmentInput = z.infer<typeof AddDepartmentInput>;
export const UpdateDepartmentInput = z.object({ id, ...departmentFields });
export type UpdateDepartmentInput = z.infer<typeof UpdateDepartmentInput>;
export const DepartmentPageQuery = z.object(pageFields);
export type DepartmentPageQuery = z.infer<typeof DepartmentPageQuery>;
export const DepartmentPage = pageResultOf(Department);
export type DepartmentPage = z.infer<typeof DepartmentPage>;

/** `POST sys/department/order`: each department's parent and place among its siblings. */
export const OrderDepartmentsInput = z.object({
  items: z
    .array(
      z.object({ id, parentId: id.nullable(), orderNum: z.number().int().min(0).max(100_000) }),
    )
    .min(1)
    .max(500),
});
export type OrderDepartmentsInput = z.infer<typeof OrderDepartmentsInput>;

export const DeleteIdsInput = z.object({ ids: z.array(id).min(1).max(500) });
export type DeleteIdsInput = z.infer<typeof DeleteIdsInput>;
export const DeletedCount = z.object({ deleted: z.number().int() });
export type DeletedCount = z.infer<typeof DeletedCount>;

// Roles (`sys/role`).

export const SysRole = z.object({
  id: z.number().int(),
  /** `super` for the seeded role that holds the whole console; null for the operators' own. */
  key: z.string().nullable(),
  name: z.string(),
  remark: z.string().nullable(),
  builtIn: z.boolean(),
  permissions: z.array(z.string()),
  userCount: z.number().int(),
  createTime: unix,
  updateTime: unix,
});
export type SysRole = z.infer<typeof SysRole>;

const roleFields = {
  name: text().trim().min(1).max(64),
  remark: text().trim().max(255).nullable().default(null),
  permissions: z.array(text().trim().min(1).max(128)).max(1000).default([]),
};
export const AddRoleInput = z.object(roleFields);
export type AddRoleInput = z.infer<typeof AddRoleInput>;
export const UpdateRoleInput = z.object({ id, ...roleFields });
export type UpdateRoleInput = z.infer<typeof UpdateRoleInput>;
export const RolePageQuery = z.object(pageFields);
export type RolePageQuery = z.infer<typeof RolePageQuery>;
export const RolePage = pageResultOf(SysRole);
export type RolePage = z.infer<typeof RolePage>;

// Operators (`sys/user`).

export const OPERATOR_STATUS = { disabled: 0, active: 1 } as const;
const OperatorStatus = z.union([z.literal(0), z.literal(1)]);

export const SysUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  remark: z.string().nullable(),
  status: OperatorStatus,
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  roleIds: z.array(z.number().int()),
  roleNames: z.array(z.string()),
  /** Unix seconds of the last successful sign-in; null when never. */
  lastLoginTime: unix.nullable(),
  createTime: unix,
  updateTime: unix,
});
export type SysUser = z.infer<typeof SysUser>;

const Username = text()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_.-]+$/, 'validation.username');
const Phone = text()
  .trim()
  .regex(/^\+?[0-9 -]{5,20}$/, 'validation.phone');

const userFields = {
  name: text().trim().min(1).max(50),
  email: Email.nullable().default(null),
  phone: Phone.nullable().default(null),
  remark: text().trim().max(255).nullable().default(null),
  departmentId: id.nullable().default(null),
  roleIds: z.array(id).max(50).default([]),
  status: OperatorStatus.default(1),
};
export const AddSysUserInput = z.object({ username: Username, password: Password, ...userFields });
export type AddSysUserInput = z.infer<typeof AddSysUserInput>;

/** Every field but `id` is optional: the list's disable switch and "reset password" send only theirs. */
export const UpdateSysUserInput = z.object({
  id,
  ...z.object(userFields).partial().shape,
  /** A new password (the operator's reset); their sessions end. */
  password: Password.optional(),
});
export type UpdateSysUserInput = z.infer<typeof UpdateSysUserInput>;

export const SysUserPageQuery = z.object({
  ...pageFields,
  /** Operators of these departments (`1,2`); the web sends a department and those below it. */
  departmentIds: queryIds.optional(),
  status: queryInt(z.number().int().min(0).max(1)).optional(),
});
export type SysUserPageQuery = z.infer<typeof SysUserPageQuery>;
export const SysUserListQuery = z.object({ departmentIds: queryIds.optional() });
export type SysUserListQuery = z.infer<typeof SysUserListQuery>;
export const SysUserPage = pageResultOf(SysUser);
export type SysUserPage = z.infer<typeof SysUserPage>;

export const MoveSysUsersInput = z.object({
  userIds: z.array(id).min(1).max(500),
  departmentId: id.nullable(),
});
export type MoveSysUsersInput = z.infer<typeof MoveSysUsersInput>;
export const MovedCount = z.object({ moved: z.number().int() });
export type MovedCount = z.infer<typeof MovedCount>;

// The operator's own profile (`GET comm/person`, `POST comm/person-update`).

export const Person = SysUser.pick({
  id: true,
  username: true,
  name: true,
  email: true,
  phone: true,
  departmentName: true,
  roleNames: true,
});
export type Person = z.infer<typeof Person>;

export const PersonUpdateInput = z
  .object({
    name: text().trim().min(1).max(50).optional(),
    email: Email.nullable().optional(),
    phone: Phone.nullable().optional(),
    /** A new password needs the current one. */
    password: Password.optional(),
    oldPassword: z.string().min(1).max(128).optional(),
  })
  .refine((v) => v.password === undefined || v.oldPassword !== undefined, {
    message: 'validation.required',
    path: ['oldPassword'],
  });
export type PersonUpdateInput = z.infer<typeof PersonUpdateInput>;

// Parameters (`sys/param`).

export const PARAM_DATA_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export type ParamDataType = (typeof PARAM_DATA_TYPES)[number];

export const SysParam = z.object({
  key: z.string(),
  name: z.string(),
  dataType: z.enum(PARAM_DATA_TYPES),
  /** The value as JSON text (`30`, `"ecb"`, `true`). */
  value: z.string(),
  remark: z.string().nullable(),
  /** A key the server reads (it cannot be deleted; its value keeps the server's bounds). */
  system: z.boolean(),
  updateTime: unix,
});
export type SysParam = z.infer<typeof SysParam>;

const ParamKey = text()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_.-]*$/, 'validation.param_key');
const paramFields = {
  name: text().trim().min(1).max(64),
  dataType: z.enum(PARAM_DATA_TYPES),
  value: text().max(4000),
  remark: text().trim().max(255).nullable().default(null),
};
export const AddParamInput = z.object({ key: ParamKey, ...paramFields });
export type AddParamInput = z.infer<typeof AddParamInput>;
export const UpdateParamInput = z.object({ key: ParamKey, ...paramFields });
export type UpdateParamInput = z.infer<typeof UpdateParamInput>;
export const ParamKeyQuery = z.object({ key: ParamKey });
export type ParamKeyQuery = z.infer<typeof ParamKeyQuery>;
export const DeleteParamsInput = z.object({ keys: z.array(ParamKey).min(1).max(100) });
export type DeleteParamsInput = z.infer<typeof DeleteParamsInput>;
export const ParamPageQuery = z.object(pageFields);
export type ParamPageQuery = z.infer<typeof ParamPageQuery>;
export const ParamPage = pageResultOf(SysParam);
export type ParamPage = z.infer<typeof ParamPage>;

/** What an operator's audited write touched (`recordAudit` of the console's services). */
export const SYS_AUDIT_OBJECTS = [
  'sys_dept',
  'sys_user',
  'sys_role',
  'sys_menu',
  'sys_param',
  // What sellers see, maintained from the console.
  'parent_product',
  'category',
  'factory',
  'member_level',
  'finance_rule',
  'seller',
] as const;
export type SysAuditObject = (typeof SYS_AUDIT_OBJECTS)[number];
