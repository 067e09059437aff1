import { z } from 'zod';
import { LANGUAGES } from '../language.ts';
import { Email, Password, passwordIsLogin, PASSWORD_IS_LOGIN } from './auth.ts';
import { Mobile } from './mobile.ts';
import { pageResultOf, queryInt, text, UNIX_SECONDS_MAX } from './common.ts';

/**
 * Staff management (spec 1 and 6, `/api/group/*`, `/api/user/*`): groups are named permission
 * lists; a staff user holds the union of their groups' permissions, on the stores assigned to them.
 */
export const BUILT_IN_GROUPS = ['lister', 'order_clerk', 'finance', 'viewer'] as const;
export type BuiltInGroup = (typeof BUILT_IN_GROUPS)[number];

/**
 * The sub-account pages' permissions (`subAccount:*`): their routes are the boss's alone, so a
 * group never grants them and the group editor does not offer them.
 */
export const BOSS_ONLY_PERM_PREFIX = 'subAccount:';

const unix = z.number().int();
const permission = text().trim().min(1).max(200);
const ids = z.array(z.number().int().positive()).max(1000);

export const Group = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The built-in group's key (the web translates its name); null for the seller's own. */
  key: z.enum(BUILT_IN_GROUPS).nullable(),
  built_in: z.boolean(),
  permissions: z.array(z.string()),
  /** How many of the seller's staff are in the group. */
  user_count: z.number().int(),
  created_at: unix,
  updated_at: unix,
});
export type Group = z.infer<typeof Group>;

export const GroupQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  /** Contained in the name. */
  keyword: text().trim().max(100).optional(),
});
export type GroupQuery = z.infer<typeof GroupQuery>;
export const GroupPage = pageResultOf(Group);
export type GroupPage = z.infer<typeof GroupPage>;

export const CreateGroupInput = z.object({
  name: text().trim().min(1).max(64),
  permissions: z.array(permission).max(1000),
});
export type CreateGroupInput = z.infer<typeof CreateGroupInput>;

export const UpdateGroupInput = CreateGroupInput.partial().extend({
  id: z.number().int().positive(),
});
export type UpdateGroupInput = z.infer<typeof UpdateGroupInput>;

/** One page of the permission tree: its permissions, for the group editor's check boxes. */
export const PermissionTreePage = z.object({
  id: z.number().int(),
  name: z.string(),
  router: z.string().nullable(),
  perms: z.array(z.object({ id: z.number().int(), name: z.string(), perm: z.string() })),
});
export const PermissionTreeMenu = z.object({
  id: z.number().int(),
  name: z.string(),
  pages: z.array(PermissionTreePage),
});
/** The seller menu tree grouped by top-level menu, pages with permissions only. */
export const PermissionTree = z.array(PermissionTreeMenu);
export type PermissionTree = z.infer<typeof PermissionTree>;

/** `invited`: created with an invitation that is not accepted yet, so they cannot sign in. */
export const STAFF_STATUSES = ['active', 'invited', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const StaffUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  is_boss: z.boolean(),
  status: z.enum(STAFF_STATUSES),
  group_ids: z.array(z.number().int()),
  store_ids: z.array(z.number().int()),
  last_login_at: unix.nullable(),
  created_at: unix,
});
export type StaffUser = z.infer<typeof StaffUser>;

export const StaffQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  /** Contained in the name, e-mail or mobile. */
  keyword: text().trim().max(100).optional(),
  status: z.enum(STAFF_STATUSES).optional(),
  group_id: queryInt(z.number().int().positive()).optional(),
});
export type StaffQuery = z.infer<typeof StaffQuery>;
export const StaffPage = pageResultOf(StaffUser);
export type StaffPage = z.infer<typeof StaffPage>;

const staffFields = {
  name: text().trim().min(1).max(64),
  email: Email.optional(),
  mobile: Mobile.optional(),
  group_ids: ids,
  /** The stores the staff member may see and use (`store_staff`). */
  store_ids: ids,
};

/** How long an invitation's code works; re-sending it issues a new one and kills the old. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

/**
 * A staff member signs in with an e-mail or a mobile number, so one of them is required. The
 * boss sets an initial password, or `invite` sends them a code to set their own (in `language`,
 * by e-mail when they have one, else by SMS).
 */
export const CreateStaffInput = z
  .object({
    ...staffFields,
    password: Password.optional(),
    invite: z.boolean().optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .refine((v) => v.email !== undefined || v.mobile !== undefined, {
    message: 'validation.required',
    path: ['email'],
  })
  .refine((v) => (v.invite === true) !== (v.password !== undefined), {
    message: 'validation.password_or_invite',
    path: ['password'],
  })
  .refine((v) => !v.password || !passwordIsLogin(v.password, [v.email, v.mobile]), {
    message: PASSWORD_IS_LOGIN,
    path: ['password'],
  });
export type CreateStaffInput = z.infer<typeof CreateStaffInput>;

export const UpdateStaffInput = z
  .object({
    id: z.number().int().positive(),
    name: staffFields.name.optional(),
    email: Email.nullable().optional(),
    mobile: Mobile.nullable().optional(),
    /** A new password the boss sets; the staff member's sessions end. */
    password: Password.optional(),
    group_ids: ids.optional(),
    store_ids: ids.optional(),
  })
  .refine((v) => !v.password || !passwordIsLogin(v.password, [v.email, v.mobile]), {
    message: PASSWORD_IS_LOGIN,
    path: ['password'],
  });
export type UpdateStaffInput = z.infer<typeof UpdateStaffInput>;

export const DisableStaffInput = z.object({
  id: z.number().int().positive(),
  /** false enables a disabled member again. */
  disabled: z.boolean().default(true),
});
export type DisableStaffInput = z.infer<typeof DisableStaffInput>;

/** The invitation code of the accept page's link (43 URL-safe characters). */
const InvitationCode = text().trim().min(1).max(128);

export const InvitationQuery = z.object({ code: InvitationCode });
export type InvitationQuery = z.infer<typeof InvitationQuery>;

/** What the accept page shows before the invitee chooses a password. */
export const Invitation = z.object({
  name: z.string(),
  /** The e-mail, else the mobile number they will sign in with. */
  login: z.string(),
  seller_name: z.string(),
  expires_at: unix,
});
export type Invitation = z.infer<typeof Invitation>;

export const AcceptInvitationInput = z
  .object({ code: InvitationCode, password: Password, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'validation.password_mismatch',
    path: ['password_confirmation'],
  });
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInput>;

/** A limit and its use; `allowed` null means the plan sets none. */
const Usage = z.object({ used: z.number().int(), allowed: z.number().int().nullable() });

/** The service-info page: the member level, its expiry, and what the account uses. */
export const ServiceInfo = z.object({
  level_name: z.string(),
  level_name_en: z.string(),
  /** Null: the level never expires. */
  level_expires_at: unix.nullable(),
  discount_percent: z.number().int(),
  stores: Usage,
  staff: Usage,
  storage_bytes: Usage,
});
export type ServiceInfo = z.infer<typeof ServiceInfo>;

/** The boss and staff of the seller, for the log filters. */
export const RelatedUser = z.object({
  id: z.number().int(),
  name: z.string(),
  is_boss: z.boolean(),
  status: z.enum(STAFF_STATUSES),
});
export type RelatedUser = z.infer<typeof RelatedUser>;

export const LoginLogQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  user_id: queryInt(z.number().int().positive()).optional(),
  success: z.enum(['true', 'false']).optional(),
  /** Unix seconds, inclusive. */
  start: queryInt(z.number().int().min(0).max(UNIX_SECONDS_MAX)).optional(),
  end: queryInt(z.number().int().min(0).max(UNIX_SECONDS_MAX)).optional(),
});
export type LoginLogQuery = z.infer<typeof LoginLogQuery>;

export const LoginLog = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  created_at: unix,
  ip: z.string(),
  user_agent: z.string(),
  success: z.boolean(),
  /** The error key of a failed attempt. */
  reason: z.string().nullable(),
});
export type LoginLog = z.infer<typeof LoginLog>;
export const LoginLogPage = pageResultOf(LoginLog);
export type LoginLogPage = z.infer<typeof LoginLogPage>;

/** The account as the admin page shows it: the signed-in user and their last sign-ins. */
export const AccountOverview = z.object({
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  is_boss: z.boolean(),
  seller_name: z.string(),
  created_at: unix,
  pay_password: z.boolean(),
  logins: z.array(LoginLog.omit({ user_id: true, user_name: true })),
});
export type AccountOverview = z.infer<typeof AccountOverview>;

/** What the audit log names an object by (`/api/audit/history?object=…`). */
export const AUDIT_OBJECTS = ['group', 'staff', 'store', 'order', 'listing', 'goods'] as const;
export type AuditObject = (typeof AUDIT_OBJECTS)[number];

export const AuditEntry = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  at: unix,
  object: z.string(),
  object_id: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  /** Changed fields: their value before and after (secrets are never recorded). */
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = pageResultOf(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

export const AuditQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  object: z.enum(AUDIT_OBJECTS).optional(),
  object_id: text().trim().max(64).optional(),
  user_id: queryInt(z.number().int().positive()).optional(),
  start: queryInt(z.number().int().min(0).max(UNIX_SECONDS_MAX)).optional(),
  end: queryInt(z.number().int().min(0).max(UNIX_SECONDS_MAX)).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditHistoryQuery = z.object({
  object: z.enum(AUDIT_OBJECTS),
  id: text().trim().min(1).max(64),
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
});
export type AuditHistoryQuery = z.infer<typeof AuditHistoryQuery>;
