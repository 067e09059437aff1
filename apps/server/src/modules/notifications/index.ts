// Notifications' public face: producers call `notify` (and the ledger `noteBalance`) in their
// own transaction; the app registers the routes and the mail job.
export { LOW_BALANCE_MINOR, noteBalance, notify, type NotifyInput } from './notify.ts';
export { links as notificationLinks } from './kinds.ts';
export { NOTIFICATIONS_MAIL, sendNotificationMails, type MailDeps } from './mail.ts';
export { registerNotificationRoutes } from './routes.ts';
