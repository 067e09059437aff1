import {
  AddMenuInput,
  DeleteMenuInput,
  DeleteMenuResult,
  envelopeOf,
  GetMenuResult,
  IdQuery,
  MenuItem,
  MenuListQuery,
  MenuPageQuery,
  pageResultOf,
  permOf,
  UpdateMenuInput,
} from '@app/shared';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../http/deps.ts';
import { cachedJson, sendCachedJson, type CachedJson } from '../../http/compression.ts';
import { ok } from '../../http/envelope.ts';
import { serializerCompiler } from '../../http/serializer.ts';
import {
  addMenu,
  deleteMenus,
  getMenu,
  getMenuInfo,
  listMenus,
  pageMenus,
  updateMenu,
  type ScopeTree,
} from './service.ts';

const NAMESPACE = 'sys/menu';
const tags = ['menus'];
const operator = (action: string) => ({
  access: { auth: 'admin' as const, perm: permOf(NAMESPACE, action) },
});

/** get-menu's answer, serialized by the route's own response schema (its field allow-list). */
const serializeMenu = serializerCompiler({
  schema: envelopeOf(GetMenuResult),
  method: 'GET',
  url: '/api/get-menu',
  httpStatus: '200',
}) as (data: unknown) => string;

/** Serialized, and compressed on demand, once per tree revision (a revision is a new tree object). */
const answers = new WeakMap<ScopeTree, CachedJson>();

function answerOf(tree: ScopeTree): CachedJson {
  let answer = answers.get(tree);
  if (!answer) {
    answer = cachedJson(serializeMenu(ok(tree.result)), `"menus-${tree.scope}-${tree.revision}"`);
    answers.set(tree, answer);
  }
  return answer;
}

export function registerMenuRoutes(app: App): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/get-menu',
    {
      schema: {
        tags,
        summary: 'The menu tree rows and permissions of the signed-in actor',
        response: { 200: envelopeOf(GetMenuResult) },
      },
      config: { access: { auth: 'any' } },
    },
    // Serialized once per menus revision and compressed once per encoding; a client holding
    // the version it was sent gets 304.
    async (request, reply) => sendCachedJson(request, reply, answerOf(await getMenu(request.ctx))),
  );

  r.get(
    `/api/${NAMESPACE}/list`,
    {
      schema: {
        tags,
        summary: 'All menus of a scope in tree order',
        querystring: MenuListQuery,
        response: { 200: envelopeOf(z.array(MenuItem)) },
      },
      config: operator('list'),
    },
    async (request) => ok(await listMenus(request.ctx, request.query)),
  );

  r.get(
    `/api/${NAMESPACE}/page`,
    {
      schema: {
        tags,
        summary: 'A page of menus, with a keyword filter',
        querystring: MenuPageQuery,
        response: { 200: envelopeOf(pageResultOf(MenuItem)) },
      },
      config: operator('page'),
    },
    async (request) => ok(await pageMenus(request.ctx, request.query)),
  );

  r.get(
    `/api/${NAMESPACE}/info`,
    {
      schema: {
        tags,
        summary: 'One menu',
        querystring: IdQuery,
        response: { 200: envelopeOf(MenuItem) },
      },
      config: operator('info'),
    },
    async (request) => ok(await getMenuInfo(request.ctx, request.query)),
  );

  r.post(
    `/api/${NAMESPACE}/add`,
    {
      schema: {
        tags,
        summary: 'Add a menu, page or permission',
        body: AddMenuInput,
        response: { 200: envelopeOf(MenuItem) },
      },
      config: operator('add'),
    },
    async (request) => ok(await addMenu(request.ctx, request.body)),
  );

  r.post(
    `/api/${NAMESPACE}/update`,
    {
      schema: {
        tags,
        summary: 'Change a menu',
        body: UpdateMenuInput,
        response: { 200: envelopeOf(MenuItem) },
      },
      config: operator('update'),
    },
    async (request) => ok(await updateMenu(request.ctx, request.body)),
  );

  r.post(
    `/api/${NAMESPACE}/delete`,
    {
      schema: {
        tags,
        summary: 'Delete menus with everything under them',
        body: DeleteMenuInput,
        response: { 200: envelopeOf(DeleteMenuResult) },
      },
      config: operator('delete'),
    },
    async (request) => ok(await deleteMenus(request.ctx, request.body)),
  );
}
