import type { notificationsZhCN } from './i18n-zh-cn.ts';

export const notificationsEn: typeof notificationsZhCN = {
  bell: 'Notifications',
  bellUnread: 'Notifications, {{count}} unread',
  title: 'Notifications',
  markAllRead: 'Mark all read',
  empty: 'No notifications yet',
  all: 'All',
  unreadOnly: 'Unread',
  unread: 'Unread',
  loadFailed: 'Could not load notifications',
  more: 'Older notifications',
  settings: {
    tab: 'Notifications',
    email: 'E-mail notifications',
    emailHelp:
      'Shipments, exceptions, tracking numbers a marketplace refused and a low balance are also sent to {{email}}, in your language.',
    noEmail: 'Your account has no e-mail address, so it cannot receive e-mail notifications.',
    saved: 'Saved',
  },
};
