import { z } from 'zod';
import {
  AddSysUserInput,
  DeletedCount,
  DeleteIdsInput,
  IdQuery,
  MovedCount,
  MoveSysUsersInput,
  permOf,
  Person,
  PersonUpdateInput,
  SysUser,
  SysUserListQuery,
  SysUserPage,
  SysUserPageQuery,
  UpdateSysUserInput,
} from '@app/shared';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { getPerson, updatePerson } from './person.ts';
import {
  addSysUser,
  deleteSysUsers,
  getSysUser,
  listSysUsers,
  moveSysUsers,
  pageSysUsers,
  updateSysUser,
} from './service.ts';

const PAGE = '/sys/user';
const can = (action: string) => ({
  access: { auth: 'admin' as const, perm: permOf(PAGE, action) },
});
const tags = ['sys/user'];

/** `/api/sys/user/*`: the platform's operators, their department, roles, status and password. */
export function registerSysUserRoutes(app: App): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/user/list',
      tags,
      summary: 'Operators (at most 1,000), optionally of some departments',
      querystring: SysUserListQuery,
      response: z.array(SysUser),
      ...can('list'),
    },
    (ctx, input) => listSysUsers(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/user/page',
      tags,
      summary: 'A page of operators: by username or name, departments, status',
      querystring: SysUserPageQuery,
      response: SysUserPage,
      ...can('page'),
    },
    (ctx, input) => pageSysUsers(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/user/info',
      tags,
      summary: 'One operator',
      querystring: IdQuery,
      response: SysUser,
      ...can('info'),
    },
    (ctx, input) => getSysUser(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/user/add',
      tags,
      summary: 'Add an operator with an initial password, department and roles',
      body: AddSysUserInput,
      response: SysUser,
      ...can('add'),
    },
    (ctx, input) => addSysUser(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/user/update',
      tags,
      summary: 'Change an operator: profile, roles, status (disable), or reset the password',
      body: UpdateSysUserInput,
      response: SysUser,
      ...can('update'),
    },
    (ctx, input) => updateSysUser(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/user/delete',
      tags,
      summary: 'Delete operators (not oneself, not the last super operator)',
      body: DeleteIdsInput,
      response: DeletedCount,
      ...can('delete'),
    },
    (ctx, input) => deleteSysUsers(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/user/move',
      tags,
      summary: 'Move operators to a department',
      body: MoveSysUsersInput,
      response: MovedCount,
      ...can('move'),
    },
    (ctx, input) => moveSysUsers(ctx, input),
  );
}

/** `/api/comm/person*`: the signed-in operator's own profile (no permission: everyone's own). */
export function registerPersonRoutes(app: App): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/comm/person',
      tags: ['comm'],
      summary: "The signed-in operator's profile",
      response: Person,
      access: { auth: 'admin' },
    },
    (ctx) => getPerson(ctx),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/comm/person-update',
      tags: ['comm'],
      summary: 'The operator changes their own name, e-mail, phone or password',
      body: PersonUpdateInput,
      response: Person,
      access: { auth: 'admin' },
    },
    (ctx, input) => updatePerson(ctx, input),
  );
}
