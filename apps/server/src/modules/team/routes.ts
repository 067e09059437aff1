import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptInvitationInput,
  CreateGroupInput,
  CreateStaffInput,
  DisableStaffInput,
  Group,
  GroupPage,
  GroupQuery,
  IdInput,
  IdsInput,
  Invitation,
  InvitationQuery,
  LoginLogPage,
  LoginLogQuery,
  PermissionTree,
  RelatedUser,
  ServiceInfo,
  StaffPage,
  StaffQuery,
  StaffUser,
  UpdateGroupInput,
  UpdateStaffInput,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { Access } from '../../http/access.ts';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { authCtx } from '../auth/index.ts';
import { createGroup, deleteGroup, listGroups, permissionTree, updateGroup } from './groups.ts';
import { acceptInvitation, showInvitation, type InviteLink } from './invitations.ts';
import { listLoginLogs } from './login-log.ts';
import { serviceInfo } from './service-info.ts';
import {
  createStaff,
  deleteOneStaff,
  deleteStaff,
  disableStaff,
  listStaff,
  relatedUsers,
  resendInvitation,
  updateStaff,
} from './staff.ts';

/** Staff and groups are the boss's to manage: a staff member gets 403 whatever their groups. */
const boss: { access: Access } = { access: { auth: 'user', boss: true } };
const groupTags = ['group'];
const userTags = ['user'];

/**
 * `/api/group/*` (groups, i.e. roles), `/api/user/*` (staff, their login log, the account's
 * service info) and the public `/api/invitation/*` an invited member accepts through.
 */
export function registerTeamRoutes(app: App, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const linkOf = (request: FastifyRequest): InviteLink => ({
    appUrl: deps.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`,
  });

  route(
    r,
    {
      method: 'GET',
      url: '/api/group/index',
      tags: groupTags,
      summary: 'Groups (roles): the built-in read-only ones, then the seller’s own; paged, by name',
      querystring: GroupQuery,
      response: GroupPage,
      ...boss,
    },
    (ctx, input) => listGroups(ctx, input),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/group/permissions',
      tags: groupTags,
      summary: 'The permission tree for the group editor: pages with permissions, by top menu',
      response: PermissionTree,
      ...boss,
    },
    (ctx) => permissionTree(ctx),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/group/create',
      tags: groupTags,
      summary: 'Create a group from permissions of the seller menu tree',
      body: CreateGroupInput,
      response: Group,
      ...boss,
    },
    (ctx, input) => createGroup(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/group/update',
      tags: groupTags,
      summary: 'Rename a group or change its permissions (built-in groups: 409)',
      body: UpdateGroupInput,
      response: Group,
      ...boss,
    },
    (ctx, input) => updateGroup(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/group/delete',
      tags: groupTags,
      summary: 'Delete a group; 409 while staff are in it or for a built-in group',
      body: IdInput,
      response: z.null(),
      ...boss,
    },
    async (ctx, input) => {
      await deleteGroup(ctx, input);
      return null;
    },
  );

  route(
    r,
    {
      method: 'GET',
      url: '/api/user/index',
      tags: userTags,
      summary: 'Staff members, with their groups, stores and last sign-in; paged, searchable',
      querystring: StaffQuery,
      response: StaffPage,
      ...boss,
    },
    (ctx, input) => listStaff(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/user/create',
      tags: userTags,
      summary:
        'Create a staff member with an initial password, or invite them (a link to set their own by e-mail or SMS)',
      body: CreateStaffInput,
      response: StaffUser,
      ...boss,
    },
    (_ctx, input, request) => createStaff(authCtx(request, deps), input, linkOf(request)),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/user/resend-invitation',
      tags: userTags,
      summary: 'Send an invited staff member a new link; the earlier one stops working',
      body: IdInput,
      response: StaffUser,
      ...boss,
    },
    (_ctx, input, request) => resendInvitation(authCtx(request, deps), input, linkOf(request)),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/user/service-info',
      tags: userTags,
      summary: 'The account’s member level and its expiry, stores, staff and storage used',
      response: ServiceInfo,
      ...boss,
    },
    (ctx) => serviceInfo(ctx),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/invitation/show',
      tags: userTags,
      summary: 'Who an invitation code is for (the accept page); 422 on `code` when not valid',
      querystring: InvitationQuery,
      response: Invitation,
      access: { auth: 'public' },
    },
    (_ctx, input, request) => showInvitation(authCtx(request, deps), input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/invitation/accept',
      tags: userTags,
      summary: 'The invited member sets their password with the code; the code works once',
      body: AcceptInvitationInput,
      response: z.null(),
      access: { auth: 'public' },
    },
    async (_ctx, input, request) => {
      await acceptInvitation(authCtx(request, deps), input);
      return null;
    },
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/user/update',
      tags: userTags,
      summary: 'Change a staff member (a new password ends their sessions)',
      body: UpdateStaffInput,
      response: StaffUser,
      ...boss,
    },
    (ctx, input) => updateStaff(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/user/disable',
      tags: userTags,
      summary: 'Disable a staff member (their sessions end at once) or enable them again',
      body: DisableStaffInput,
      response: StaffUser,
      ...boss,
    },
    (ctx, input) => disableStaff(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/user/delete',
      tags: userTags,
      summary: 'Delete a staff member for good (their history stays, without them)',
      body: IdInput,
      response: z.null(),
      ...boss,
    },
    async (ctx, input) => {
      await deleteOneStaff(ctx, input);
      return null;
    },
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/user/boss-delete',
      tags: userTags,
      summary: 'The boss deletes several staff members at once; all or none',
      body: IdsInput,
      response: z.null(),
      ...boss,
    },
    async (ctx, input) => {
      await deleteStaff(ctx, input);
      return null;
    },
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/user/related-users',
      tags: userTags,
      summary: 'The boss and every staff member of the seller',
      response: z.array(RelatedUser),
      ...boss,
    },
    (ctx) => relatedUsers(ctx),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/user/related-users-login-log',
      tags: userTags,
      summary: 'The visit log: sign-in attempts of the boss and staff, by user, date and outcome',
      querystring: LoginLogQuery,
      response: LoginLogPage,
      ...boss,
    },
    (ctx, input) => listLoginLogs(ctx, input),
  );
}
