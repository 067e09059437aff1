import { z } from 'zod';
import { pageResultOf, queryInt } from './common.ts';

/**
 * What a seller is told about (the bell in the console's header, and by e-mail to users who
 * opted in): a purchase order shipped, delivered or in exception, a marketplace refusing a
 * tracking push, the balance running low, an order waiting for funds, a marketplace passing on
 * a buyer's request for the data we hold about them (Shopify's customers/data_request).
 */
export const NOTIFICATION_KINDS = [
  'po_shipped',
  'po_delivered',
  'po_exception',
  'push_refused',
  'low_balance',
  'awaiting_funds',
  'privacy_request',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const Notification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Rendered in the reader's language when read. */
  message: z.string(),
  /** The web path that shows what it is about. */
  link: z.string(),
  read: z.boolean(),
  created_at: z.number().int(),
});
export type Notification = z.infer<typeof Notification>;

/** `unread=1` lists the unread ones only. */
export const NotificationQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(100)).default(20),
  unread: z.enum(['0', '1']).optional(),
});
export type NotificationQuery = z.infer<typeof NotificationQuery>;
export const NotificationPage = pageResultOf(Notification);
export type NotificationPage = z.infer<typeof NotificationPage>;

export const UnreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** Marks the given notifications read, or with `all: true` every one the reader sees. */
export const MarkNotificationsReadInput = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(200).optional(),
    all: z.literal(true).optional(),
  })
  .refine((v) => (v.ids === undefined) !== (v.all === undefined), {
    message: 'validation.either_required',
    path: ['ids'],
  });
export type MarkNotificationsReadInput = z.infer<typeof MarkNotificationsReadInput>;

export const NotificationSettings = z.object({
  /** Also e-mail me each notification I can see, in my language. */
  email: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;
