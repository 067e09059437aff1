import { z } from 'zod';
import {
  AddParamInput,
  DeletedCount,
  DeleteParamsInput,
  ParamKeyQuery,
  ParamPage,
  ParamPageQuery,
  permOf,
  SysParam,
  UpdateParamInput,
} from '@app/shared';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import {
  addParam,
  deleteParams,
  getParam,
  listParams,
  pageParams,
  updateParam,
} from './service.ts';

const PAGE = '/sys/param';
const can = (action: string) => ({
  access: { auth: 'admin' as const, perm: permOf(PAGE, action) },
});
const tags = ['sys/param'];

/** `/api/sys/param/*`: typed platform settings; the server's own keys keep their bounds. */
export function registerSysParamRoutes(app: App): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/param/list',
      tags,
      summary: 'Every parameter, by key',
      response: z.array(SysParam),
      ...can('list'),
    },
    (ctx) => listParams(ctx),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/param/page',
      tags,
      summary: 'A page of parameters, by key or name',
      querystring: ParamPageQuery,
      response: ParamPage,
      ...can('page'),
    },
    (ctx, input) => pageParams(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/param/info',
      tags,
      summary: 'One parameter',
      querystring: ParamKeyQuery,
      response: SysParam,
      ...can('info'),
    },
    (ctx, input) => getParam(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/param/add',
      tags,
      summary: 'Add a parameter (value as JSON text of its type)',
      body: AddParamInput,
      response: SysParam,
      ...can('add'),
    },
    (ctx, input) => addParam(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/param/update',
      tags,
      summary: "Change a parameter's value, name or remark",
      body: UpdateParamInput,
      response: SysParam,
      ...can('update'),
    },
    (ctx, input) => updateParam(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/param/delete',
      tags,
      summary: "Delete operators' own parameters (the server's own: 409)",
      body: DeleteParamsInput,
      response: DeletedCount,
      ...can('delete'),
    },
    (ctx, input) => deleteParams(ctx, input),
  );
}
