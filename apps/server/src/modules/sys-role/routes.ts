import { z } from 'zod';
import {
  AddRoleInput,
  DeletedCount,
  DeleteIdsInput,
  IdQuery,
  PermissionTree,
  permOf,
  RolePage,
  RolePageQuery,
  SysRole,
  UpdateRoleInput,
} from '@app/shared';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import {
  addRole,
  deleteRoles,
  getRole,
  listRoles,
  pageRoles,
  rolePermissionTree,
  updateRole,
} from './service.ts';

const PAGE = '/sys/role';
const can = (action: string) => ({
  access: { auth: 'admin' as const, perm: permOf(PAGE, action) },
});
const tags = ['sys/role'];

/** `/api/sys/role/*`: operator roles, each a set of permissions of the admin menu tree. */
export function registerSysRoleRoutes(app: App): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/role/list',
      tags,
      summary: 'Every role (built-in first)',
      response: z.array(SysRole),
      // The operator form picks roles from this list.
      access: {
        auth: 'admin',
        perm: {
          or: [permOf(PAGE, 'list'), permOf('/sys/user', 'add'), permOf('/sys/user', 'update')],
        },
      },
    },
    (ctx) => listRoles(ctx),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/role/page',
      tags,
      summary: 'A page of roles, by name',
      querystring: RolePageQuery,
      response: RolePage,
      ...can('page'),
    },
    (ctx, input) => pageRoles(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/role/info',
      tags,
      summary: 'One role',
      querystring: IdQuery,
      response: SysRole,
      ...can('info'),
    },
    (ctx, input) => getRole(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/role/permission-tree',
      tags,
      summary: "The admin tree's pages with their permissions, for the role editor",
      response: PermissionTree,
      access: { auth: 'admin', perm: { or: [permOf(PAGE, 'add'), permOf(PAGE, 'update')] } },
    },
    (ctx) => rolePermissionTree(ctx),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/role/add',
      tags,
      summary: 'Add a role',
      body: AddRoleInput,
      response: SysRole,
      ...can('add'),
    },
    (ctx, input) => addRole(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/role/update',
      tags,
      summary: "Change a role's name and permissions (built-in roles are read-only: 409)",
      body: UpdateRoleInput,
      response: SysRole,
      ...can('update'),
    },
    (ctx, input) => updateRole(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/role/delete',
      tags,
      summary: 'Delete roles no operator holds (409 otherwise)',
      body: DeleteIdsInput,
      response: DeletedCount,
      ...can('delete'),
    },
    (ctx, input) => deleteRoles(ctx, input),
  );
}
