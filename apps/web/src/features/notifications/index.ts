/** Notifications: the header's bell and the profile's e-mail opt-in. */
export { EmailNotificationsSwitch } from './components/email-notifications-switch.tsx';
export { NotificationBell } from './components/notification-bell.tsx';
