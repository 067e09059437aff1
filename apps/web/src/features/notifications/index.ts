/** Notifications: the header's bell, the home page's latest list and the profile's e-mail opt-in. */
export { EmailNotificationsSwitch } from './components/email-notifications-switch.tsx';
export { LatestNotifications } from './components/latest-notifications.tsx';
export { NotificationBell } from './components/notification-bell.tsx';
