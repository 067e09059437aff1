import { z } from 'zod';
import {
  AddDepartmentInput,
  DeletedCount,
  DeleteIdsInput,
  Department,
  DepartmentPage,
  DepartmentPageQuery,
  IdQuery,
  OrderDepartmentsInput,
  permOf,
  UpdateDepartmentInput,
} from '@app/shared';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import {
  addDepartment,
  deleteDepartments,
  getDepartment,
  listDepartments,
  orderDepartments,
  pageDepartments,
  updateDepartment,
} from './service.ts';

const PAGE = '/sys/dept';
const can = (action: string) => ({
  access: { auth: 'admin' as const, perm: permOf(PAGE, action) },
});
const tags = ['sys/dept'];

/** `/api/sys/dept/*`: the operators' departments; `/api/sys/department/order` places them (spec 7). */
export function registerSysDeptRoutes(app: App): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/dept/list',
      tags,
      summary: 'Every department in tree order',
      response: z.array(Department),
      ...can('list'),
    },
    (ctx) => listDepartments(ctx),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/dept/page',
      tags,
      summary: 'A page of departments, by name',
      querystring: DepartmentPageQuery,
      response: DepartmentPage,
      ...can('page'),
    },
    (ctx, input) => pageDepartments(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/dept/info',
      tags,
      summary: 'One department',
      querystring: IdQuery,
      response: Department,
      ...can('info'),
    },
    (ctx, input) => getDepartment(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/dept/add',
      tags,
      summary: 'Add a department',
      body: AddDepartmentInput,
      response: Department,
      ...can('add'),
    },
    (ctx, input) => addDepartment(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/dept/update',
      tags,
      summary: 'Rename or move a department',
      body: UpdateDepartmentInput,
      response: Department,
      ...can('update'),
    },
    (ctx, input) => updateDepartment(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/dept/delete',
      tags,
      summary: 'Delete empty departments (409 with departments or operators under them)',
      body: DeleteIdsInput,
      response: DeletedCount,
      ...can('delete'),
    },
    (ctx, input) => deleteDepartments(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/department/order',
      tags,
      summary: "Set departments' parents and order (a drag in the tree); answers the whole tree",
      body: OrderDepartmentsInput,
      response: z.array(Department),
      ...can('order'),
    },
    (ctx, input) => orderDepartments(ctx, input),
  );
}
