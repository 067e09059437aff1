// Notifications' public face: producers call `notify` (and the ledger `noteBalance`) in their
// own transaction; the job runner sends the e-mails (the routes register like every module's).
export { LOW_BALANCE_MINOR, noteBalance, notify, type NotifyInput } from './notify.ts';
export { links as notificationLinks } from './kinds.ts';
export { NOTIFICATIONS_MAIL, sendNotificationMails, type MailDeps } from './mail.ts';
