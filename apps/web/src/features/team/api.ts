import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountOverview,
  AuditHistoryQuery,
  AuditPage,
  AuditQuery,
  CreateGroupInput,
  CreateStaffInput,
  DisableStaffInput,
  Group,
  GroupPage,
  GroupQuery,
  LoginLogPage,
  LoginLogQuery,
  PermissionTree,
  RelatedUser,
  ServiceInfo,
  StaffPage,
  StaffQuery,
  StaffUser,
  StorePage,
  UpdateGroupInput,
  UpdateStaffInput,
} from '@app/shared';
import { api } from '../../api/client.ts';
import { sessionKeys } from '../../shared/session/session-keys.ts';

export const teamKeys = {
  all: [...sessionKeys.all, 'team'] as const,
  groups: (query: GroupQuery) => [...teamKeys.all, 'groups', query] as const,
  permissions: () => [...teamKeys.all, 'permissions'] as const,
  staff: (query: StaffQuery) => [...teamKeys.all, 'staff', query] as const,
  stores: () => [...teamKeys.all, 'stores'] as const,
  related: () => [...teamKeys.all, 'related'] as const,
  logins: (query: LoginLogQuery) => [...teamKeys.all, 'logins', query] as const,
  audit: (query: AuditQuery) => [...teamKeys.all, 'audit', query] as const,
  history: (query: AuditHistoryQuery) => [...teamKeys.all, 'history', query] as const,
  overview: () => [...teamKeys.all, 'overview'] as const,
  serviceInfo: () => [...teamKeys.all, 'service-info'] as const,
};

export function useGroups(query: GroupQuery) {
  return useQuery({
    queryKey: teamKeys.groups(query),
    queryFn: ({ signal }) => api.get<GroupPage>('/group/index', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePermissionTree(enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.permissions(),
    queryFn: ({ signal }) => api.get<PermissionTree>('/group/permissions', undefined, { signal }),
    enabled,
  });
}

export const createGroup = (input: CreateGroupInput) => api.post<Group>('/group/create', input);
export const updateGroup = (input: UpdateGroupInput) => api.post<Group>('/group/update', input);
export const deleteGroup = (id: number) => api.post<null>('/group/delete', { id });

export function useStaff(query: StaffQuery) {
  return useQuery({
    queryKey: teamKeys.staff(query),
    queryFn: ({ signal }) => api.get<StaffPage>('/user/index', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const createStaff = (input: CreateStaffInput) => api.post<StaffUser>('/user/create', input);
export const updateStaff = (input: UpdateStaffInput) => api.post<StaffUser>('/user/update', input);
export const disableStaff = (input: DisableStaffInput) =>
  api.post<StaffUser>('/user/disable', input);
export const deleteStaff = (id: number) => api.post<null>('/user/delete', { id });
export const resendInvitation = (id: number) =>
  api.post<StaffUser>('/user/resend-invitation', { id });

/** The signed-in user's own account and last sign-ins (the admin page). */
export function useAccountOverview() {
  return useQuery({
    queryKey: teamKeys.overview(),
    queryFn: ({ signal }) => api.get<AccountOverview>('/account/overview', undefined, { signal }),
  });
}

export function useServiceInfo() {
  return useQuery({
    queryKey: teamKeys.serviceInfo(),
    queryFn: ({ signal }) => api.get<ServiceInfo>('/user/service-info', undefined, { signal }),
  });
}

/** Every store of the seller, for the staff editor's store choice (the list page's maximum size). */
export function useAllStores() {
  return useQuery({
    queryKey: teamKeys.stores(),
    queryFn: ({ signal }) =>
      api.get<StorePage>('/market/index', { page: 1, size: 200 }, { signal }),
  });
}

/** The boss and every staff member, for the log filters. */
export function useRelatedUsers() {
  return useQuery({
    queryKey: teamKeys.related(),
    queryFn: ({ signal }) => api.get<RelatedUser[]>('/user/related-users', undefined, { signal }),
  });
}

export function useLoginLogs(query: LoginLogQuery) {
  return useQuery({
    queryKey: teamKeys.logins(query),
    queryFn: ({ signal }) =>
      api.get<LoginLogPage>('/user/related-users-login-log', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: teamKeys.audit(query),
    queryFn: ({ signal }) => api.get<AuditPage>('/audit/index', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditHistory(query: AuditHistoryQuery) {
  return useQuery({
    queryKey: teamKeys.history(query),
    queryFn: ({ signal }) => api.get<AuditPage>('/audit/history', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every team write refreshes the team's lists (groups show their staff counts). */
export function useTeamMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
