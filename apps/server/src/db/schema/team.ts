import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { adminUsers, sellers, users } from './accounts.ts';

/**
 * A group (role): a named permission list a seller gives its staff. Built-in groups belong to
 * no seller (`seller_id` null, `built_in` true), are seeded with a stable `key` and are read-only.
 */
export const groups = pgTable(
  'groups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' }).references(() => sellers.id),
    /** The built-in group's identity (`lister`, `order_clerk`, `finance`, `viewer`); null for a seller's own. */
    key: text('key'),
    name: text('name').notNull(),
    builtIn: boolean('built_in').notNull().default(false),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('groups_key_unique').on(t.key),
    index('groups_seller_idx').on(t.sellerId, t.id),
  ],
);

/** Which groups a staff user is in; the user holds the union of their permissions. */
export const userGroups = pgTable(
  'user_groups',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => groups.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.groupId] }),
    index('user_groups_group_idx').on(t.groupId),
  ],
);

/** Every sign-in attempt on a seller account, for the boss's visit log. */
export const loginLogs = pgTable(
  'login_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null when the account named does not exist, or was deleted since (the row stays for the log). */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    sellerId: bigint('seller_id', { mode: 'number' }).references(() => sellers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    success: boolean('success').notNull(),
    /** Why a failure failed, as an error key (`auth.invalid_credentials`); null on success. */
    reason: text('reason'),
  },
  (t) => [
    index('login_logs_seller_idx').on(t.sellerId, t.createdAt.desc()),
    index('login_logs_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Who changed what: one row per write a service records (`recordAudit`), with the changed
 * fields' values before and after; secrets never enter it. Kept `AUDIT_RETENTION_DAYS`.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The seller whose object changed; null for the platform's own objects (operator writes). */
    sellerId: bigint('seller_id', { mode: 'number' }).references(() => sellers.id, {
      onDelete: 'cascade',
    }),
    /** The operator who acted (console writes); null for a seller's user or a job. */
    adminId: bigint('admin_id', { mode: 'number' }).references(() => adminUsers.id, {
      onDelete: 'set null',
    }),
    /** The user who acted; null for the server's own work (jobs) or a user deleted since. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    changes: jsonb('changes')
      .$type<Record<string, { before: unknown; after: unknown }>>()
      .notNull()
      .default({}),
  },
  (t) => [
    index('audit_logs_seller_at_idx').on(t.sellerId, t.at.desc()),
    index('audit_logs_object_idx').on(t.sellerId, t.objectType, t.objectId, t.at.desc()),
    index('audit_logs_admin_idx')
      .on(t.adminId, t.at.desc())
      .where(sql`${t.adminId} is not null`),
  ],
);

/**
 * A staff member's open invitation: one row per member who has not set their password yet (the
 * staff list shows them "invited"). Only the code's SHA-256 is kept; re-sending replaces it, so
 * the old code stops working, and accepting deletes the row, so a code works once.
 */
export const staffInvitations = pgTable('staff_invitations', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The open e-mail verification link of a user (one at a time: a new link replaces the last).
 * `email` is the address the link proves: the account's own while unverified, or the new one of
 * a change, which takes effect only when its link is opened. Only the token's SHA-256 is kept.
 */
export const emailVerifications = pgTable('email_verifications', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
