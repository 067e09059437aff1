import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarkNotificationsReadInput,
  NotificationPage,
  NotificationQuery,
  NotificationSettings,
  UnreadCount,
} from '@app/shared';
import { api } from '../../api/client.ts';
import { sessionKeys } from '../../shared/session/session-keys.ts';

/** The badge polls this often; a focused window refreshes it at once. */
const POLL_MS = 60_000;

export const notificationKeys = {
  all: [...sessionKeys.all, 'notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: (query: Partial<NotificationQuery>) => [...notificationKeys.all, 'list', query] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
};

export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) =>
      api.get<UnreadCount>('/notification/unread-count', undefined, { signal }),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useNotifications(query: Partial<NotificationQuery>, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => api.get<NotificationPage>('/notification/list', query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Marks read (some or all); the badge takes the count the server answers, the lists reload. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkNotificationsReadInput) =>
      api.post<UnreadCount>('/notification/read', input),
    onSuccess: (left) => {
      client.setQueryData(notificationKeys.unread(), left);
      return client.invalidateQueries({ queryKey: [...notificationKeys.all, 'list'] });
    },
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) =>
      api.get<NotificationSettings>('/notification/settings', undefined, { signal }),
  });
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationSettings) =>
      api.post<NotificationSettings>('/notification/settings', input),
    onSuccess: (saved) => client.setQueryData(notificationKeys.settings(), saved),
  });
}
