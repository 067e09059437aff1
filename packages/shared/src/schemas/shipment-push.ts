import { z } from 'zod';

/**
 * Where the push of an order's tracking to its marketplace stands: `queued` waits for the job
 * (or for its backoff after a 429/5xx), `pushing` is being sent, `confirmed` the marketplace
 * took it, `refused` it said no (its reason is kept; only a retry from the desk sends again),
 * `failed` it stayed unreachable through every attempt.
 */
export const SHIPMENT_PUSH_STATUSES = [
  'queued',
  'pushing',
  'confirmed',
  'refused',
  'failed',
] as const;
export type ShipmentPushStatus = (typeof SHIPMENT_PUSH_STATUSES)[number];

/** The latest push of an order, as the order list and drawer show it. */
export const ShipmentPush = z.object({
  status: z.enum(SHIPMENT_PUSH_STATUSES),
  tracking_number: z.string(),
  /** The marketplace's own words for a refusal or the last failure; null otherwise. */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  updated_at: z.number().int(),
});
export type ShipmentPush = z.infer<typeof ShipmentPush>;

/** Sends refused or failed pushes of these orders again. */
export const RetryShipmentPushInput = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(200),
});
export type RetryShipmentPushInput = z.infer<typeof RetryShipmentPushInput>;

export const RetryShipmentPushResult = z.object({
  /** The orders whose push was queued again. */
  queued: z.array(z.number().int()),
});
export type RetryShipmentPushResult = z.infer<typeof RetryShipmentPushResult>;
