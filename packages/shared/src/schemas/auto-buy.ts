import { z } from 'zod';

/**
 * Where an automatic purchase order ships: today only to the marketplace order's own address
 * (the buyer's), so the platform ships straight to the customer.
 */
export const AUTO_BUY_ADDRESS_POLICIES = ['order_address'] as const;
export type AutoBuyAddressPolicy = (typeof AUTO_BUY_ADDRESS_POLICIES)[number];

/** The highest daily cap: 1,000,000.00 yuan in fen. */
export const AUTO_BUY_CAP_MAX_MINOR = 100_000_000;

/** A store's automation: buy production for its paid marketplace orders from the balance. */
export const AutoBuySettings = z.object({
  store_id: z.number().int(),
  enabled: z.boolean(),
  /** CNY fen the store's automatic purchases may spend per business (Beijing) day. */
  daily_cap_minor: z.number().int(),
  /** Spent on automatic purchases today (Beijing day), in CNY fen. */
  spent_today_minor: z.number().int(),
  address_policy: z.enum(AUTO_BUY_ADDRESS_POLICIES),
  /** Who switched it on with the pay password, and when (Unix seconds); null while off. */
  authorized_by: z.string().nullable(),
  authorized_at: z.number().int().nullable(),
});
export type AutoBuySettings = z.infer<typeof AutoBuySettings>;

/**
 * Saving it on (switching on, or a new cap while on) needs the boss's pay password: that is
 * the seller's authorisation of the debits that follow without one. Switching off needs none.
 */
export const SaveAutoBuyInput = z
  .object({
    id: z.number().int().positive(),
    enabled: z.boolean(),
    daily_cap_minor: z.number().int().min(0).max(AUTO_BUY_CAP_MAX_MINOR),
    address_policy: z.enum(AUTO_BUY_ADDRESS_POLICIES).default('order_address'),
    pay_password: z.string().max(64).optional(),
  })
  .refine((v) => !v.enabled || Boolean(v.pay_password), {
    message: 'validation.required',
    path: ['pay_password'],
  });
export type SaveAutoBuyInput = z.input<typeof SaveAutoBuyInput>;
