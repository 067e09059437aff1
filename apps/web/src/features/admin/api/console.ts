import type {
  AddDepartmentInput,
  AddParamInput,
  AddRoleInput,
  AddSysUserInput,
  DeletedCount,
  Department,
  MovedCount,
  ParamPage,
  PermissionTree,
  Person,
  PersonUpdateInput,
  RolePage,
  SysParam,
  SysRole,
  SysUser,
  SysUserPage,
  UpdateDepartmentInput,
  UpdateParamInput,
  UpdateRoleInput,
  UpdateSysUserInput,
} from '@app/shared';
import { api } from '../../../api/client.ts';

/** The console's departments, operators, roles, parameters and own profile, with the operator's session. */
const operator = { session: 'operator' } as const;

export type PageParams = {
  page: number;
  size: number;
  keyword?: string;
};
export type UserPageParams = PageParams & { departmentIds?: string; status?: number };

export const consoleKeys = {
  depts: ['admin', 'depts'] as const,
  users: ['admin', 'sys-users'] as const,
  userPage: (q: UserPageParams) => [...consoleKeys.users, 'page', q] as const,
  roles: ['admin', 'roles'] as const,
  rolePage: (q: PageParams) => [...consoleKeys.roles, 'page', q] as const,
  roleList: () => [...consoleKeys.roles, 'list'] as const,
  permissionTree: ['admin', 'role-permission-tree'] as const,
  params: ['admin', 'params'] as const,
  paramPage: (q: PageParams) => [...consoleKeys.params, 'page', q] as const,
  person: ['admin', 'person'] as const,
};

export const depts = {
  list: () => api.get<Department[]>('/sys/dept/list', undefined, operator),
  add: (input: AddDepartmentInput) => api.post<Department>('/sys/dept/add', input, operator),
  update: (input: UpdateDepartmentInput) =>
    api.post<Department>('/sys/dept/update', input, operator),
  remove: (ids: number[]) => api.post<DeletedCount>('/sys/dept/delete', { ids }, operator),
  order: (items: Array<{ id: number; parentId: number | null; orderNum: number }>) =>
    api.post<Department[]>('/sys/department/order', { items }, operator),
};

export const sysUsers = {
  page: (q: UserPageParams) => api.get<SysUserPage>('/sys/user/page', q, operator),
  add: (input: AddSysUserInput) => api.post<SysUser>('/sys/user/add', input, operator),
  update: (input: UpdateSysUserInput) => api.post<SysUser>('/sys/user/update', input, operator),
  remove: (ids: number[]) => api.post<DeletedCount>('/sys/user/delete', { ids }, operator),
  move: (userIds: number[], departmentId: number | null) =>
    api.post<MovedCount>('/sys/user/move', { userIds, departmentId }, operator),
};

export const roles = {
  page: (q: PageParams) => api.get<RolePage>('/sys/role/page', q, operator),
  list: () => api.get<SysRole[]>('/sys/role/list', undefined, operator),
  permissionTree: () => api.get<PermissionTree>('/sys/role/permission-tree', undefined, operator),
  add: (input: AddRoleInput) => api.post<SysRole>('/sys/role/add', input, operator),
  update: (input: UpdateRoleInput) => api.post<SysRole>('/sys/role/update', input, operator),
  remove: (ids: number[]) => api.post<DeletedCount>('/sys/role/delete', { ids }, operator),
};

export const params = {
  page: (q: PageParams) => api.get<ParamPage>('/sys/param/page', q, operator),
  add: (input: AddParamInput) => api.post<SysParam>('/sys/param/add', input, operator),
  update: (input: UpdateParamInput) => api.post<SysParam>('/sys/param/update', input, operator),
  remove: (keys: string[]) => api.post<DeletedCount>('/sys/param/delete', { keys }, operator),
};

export const person = {
  get: () => api.get<Person>('/comm/person', undefined, operator),
  update: (input: PersonUpdateInput) => api.post<Person>('/comm/person-update', input, operator),
};
