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
import { route } from '../../http/route.ts';
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

/** A staff user's tree is narrowed to their groups, so its tag names them. */
const etagOf = (tree: ScopeTree) =>
  `"menus-${tree.scope}-${tree.revision}${tree.userId === undefined ? '' : `-u${tree.userId}`}"`;

/** Serialized, and compressed on demand, once per tree revision (a revision is a new tree object). */
const answers = new WeakMap<ScopeTree, CachedJson>();

function answerOf(tree: ScopeTree): CachedJson {
  let answer = answers.get(tree);
  if (!answer) {
    answer = cachedJson(serializeMenu(ok(tree.result)), etagOf(tree));
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

  route(
    r,
    {
      method: 'GET',
      url: `/api/${NAMESPACE}/list`,
      tags,
      summary: 'All menus of a scope in tree order',
      querystring: MenuListQuery,
      response: z.array(MenuItem),
      ...operator('list'),
    },
    (ctx, input) => listMenus(ctx, input),
  );

  route(
    r,
    {
      method: 'GET',
      url: `/api/${NAMESPACE}/page`,
      tags,
      summary: 'A page of menus, with a keyword filter',
      querystring: MenuPageQuery,
      response: pageResultOf(MenuItem),
      ...operator('page'),
    },
    (ctx, input) => pageMenus(ctx, input),
  );

  route(
    r,
    {
      method: 'GET',
      url: `/api/${NAMESPACE}/info`,
      tags,
      summary: 'One menu',
      querystring: IdQuery,
      response: MenuItem,
      ...operator('info'),
    },
    (ctx, input) => getMenuInfo(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: `/api/${NAMESPACE}/add`,
      tags,
      summary: 'Add a menu, page or permission',
      body: AddMenuInput,
      response: MenuItem,
      ...operator('add'),
    },
    (ctx, input) => addMenu(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: `/api/${NAMESPACE}/update`,
      tags,
      summary: 'Change a menu',
      body: UpdateMenuInput,
      response: MenuItem,
      ...operator('update'),
    },
    (ctx, input) => updateMenu(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: `/api/${NAMESPACE}/delete`,
      tags,
      summary: 'Delete menus with everything under them',
      body: DeleteMenuInput,
      response: DeleteMenuResult,
      ...operator('delete'),
    },
    (ctx, input) => deleteMenus(ctx, input),
  );
}
