import { sql } from 'drizzle-orm';
import type { Language } from '@app/shared';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const memberLevels = pgTable('member_levels', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  orderNum: integer('order_num').notNull().default(0),
  priceMinor: bigint('price_minor', { mode: 'number' }).notNull().default(0),
  /** How long a bought level lasts. */
  durationDays: integer('duration_days').notNull().default(365),
  /** What the level takes off platform purchases, in whole percent. */
  discountPercent: integer('discount_percent').notNull().default(0),
  ...timestamps,
});

/** A seller is the tenant: the boss account and its staff share one seller row. */
export const sellers = pgTable(
  'sellers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    levelId: bigint('level_id', { mode: 'number' }).references(() => memberLevels.id),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    /** Money held back from the balance (freeze records); only the finance ledger moves it. */
    frozenMinor: bigint('frozen_minor', { mode: 'number' }).notNull().default(0),
    /** Null: the level never expires (the free lowest level). */
    levelExpiresAt: timestamp('level_expires_at', { withTimezone: true }),
    /**
     * Set while an operator has frozen the account (not money: see `frozen_minor`): its users'
     * tokens and logins are refused with `auth.seller_frozen`.
     */
    accountFrozenAt: timestamp('account_frozen_at', { withTimezone: true }),
    freezeReason: text('freeze_reason').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    check('sellers_balance_non_negative', sql`${t.balanceMinor} >= 0`),
    check('sellers_frozen_non_negative', sql`${t.frozenMinor} >= 0`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id),
    name: text('name').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    passwordHash: text('password_hash').notNull(),
    payPasswordHash: text('pay_password_hash'),
    isBoss: boolean('is_boss').notNull().default(false),
    status: integer('status').notNull().default(1),
    /** Third-party account bound at login (`isBind` + `encode`), cleared by untie-user. */
    externalBinding: text('external_binding'),
    /** The language messages are written in for this user; null follows Accept-Language. */
    language: text('language').$type<Language>(),
    /** E-mail me the notifications I can see (the bell's), in `language`. */
    notifyByEmail: boolean('notify_by_email').notNull().default(false),
    /** When the holder of `email` proved it (a sign-up code, an invitation or a verification link). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_mobile_unique').on(t.mobile),
    index('users_seller_idx').on(t.sellerId),
  ],
);

/** Platform operators of the admin console. */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: integer('status').notNull().default(1),
    /** The operator's department (`sys_departments`, no foreign key: that table lives in sys.ts). */
    departmentId: bigint('department_id', { mode: 'number' }),
    email: text('email'),
    phone: text('phone'),
    remark: text('remark'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('admin_users_username_unique').on(t.username),
    index('admin_users_department_idx').on(t.departmentId),
  ],
);

/** Opaque bearer tokens, stored only as SHA-256 hashes; `subject_type` says whose. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    subjectType: text('subject_type', { enum: ['user', 'admin'] }).notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_subject_idx').on(t.subjectType, t.subjectId),
  ],
);

export const captchas = pgTable('captchas', {
  key: text('key').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** SMS and e-mail one-time codes: hashed, bound to purpose and target, single use, few checks. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purpose: text('purpose', { enum: ['register', 'login', 'forget', 'mail', 'update'] }).notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    checks: integer('checks').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_lookup_idx').on(t.purpose, t.target, t.createdAt)],
);

/** What the development Messenger "sent"; readable at GET /api/dev/outbox outside production. */
export const outboxMessages = pgTable('outbox_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
