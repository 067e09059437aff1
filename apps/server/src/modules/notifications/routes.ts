import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MarkNotificationsReadInput,
  NotificationPage,
  NotificationQuery,
  NotificationSettings,
  UnreadCount,
} from '@app/shared';
import type { Access } from '../../http/access.ts';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import {
  listNotifications,
  markRead,
  notificationSettings,
  saveNotificationSettings,
  unreadCount,
} from './service.ts';

/**
 * Any of the seller's users reads their own notifications: what each sees is narrowed by kind
 * to their permissions in the service, so the routes themselves need none.
 */
const anyUser: { access: Access } = { access: { auth: 'user' } };
const tags = ['notification'];

/** `/api/notification/*`: the bell's list, unread count, marking read and the e-mail opt-in. */
export function registerNotificationRoutes(app: App): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(
    r,
    {
      method: 'GET',
      url: '/api/notification/list',
      tags,
      summary: 'The notifications the user sees, newest first, paged; `unread=1` for unread only',
      querystring: NotificationQuery,
      response: NotificationPage,
      ...anyUser,
    },
    (ctx, input) => listNotifications(ctx, input),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/notification/unread-count',
      tags,
      summary: 'How many of the notifications the user sees are unread (the bell’s badge)',
      response: UnreadCount,
      ...anyUser,
    },
    (ctx) => unreadCount(ctx),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/notification/read',
      tags,
      summary: 'Marks the given notifications, or `all`, read; answers the unread count left',
      body: MarkNotificationsReadInput,
      response: UnreadCount,
      ...anyUser,
    },
    (ctx, input) => markRead(ctx, input),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/notification/settings',
      tags,
      summary: 'The user’s notification settings (e-mail opt-in)',
      response: NotificationSettings,
      ...anyUser,
    },
    (ctx) => notificationSettings(ctx),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/notification/settings',
      tags,
      summary: 'Saves the user’s notification settings: e-mail each notification when on',
      body: NotificationSettings,
      response: NotificationSettings,
      ...anyUser,
    },
    (ctx, input) => saveNotificationSettings(ctx, input),
  );
}
