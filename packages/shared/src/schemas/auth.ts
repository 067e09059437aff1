import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { text } from './common.ts';
import { LANGUAGES } from '../language.ts';

export const Email = z
  .email()
  .max(254)
  .transform((s) => s.trim().toLowerCase());
/**
 * A new login password (ASVS 6.2.1, 6.2.9): length only, no composition rules. The server
 * also refuses the most common passwords (`assertPasswordAllowed`), a list too big for the web.
 */
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'validation.password_too_short')
  .max(PASSWORD_MAX_LENGTH);
export const PASSWORD_IS_LOGIN = 'validation.password_is_login';

/** True when the password is one of the account's own logins (case and a +country prefix aside). */
export function passwordIsLogin(
  password: string,
  logins: ReadonlyArray<string | null | undefined>,
): boolean {
  const candidate = password.trim().toLowerCase();
  return logins.some((login) => {
    if (!login) return false;
    const known = login.trim().toLowerCase();
    return candidate === known || candidate === known.replace(/^\+\d{1,4}(?=1\d{10}$)/, '');
  });
}

/** Refuses a new password equal to the e-mail or mobile sent with it, on the web and the server. */
export function notLogin<
  T extends z.ZodType<{ password: string; email?: string; mobile?: string }>,
>(schema: T) {
  return schema.refine((v) => !passwordIsLogin(v.password, [v.email, v.mobile]), {
    message: PASSWORD_IS_LOGIN,
    path: ['password'],
  });
}
export const PayPassword = z.string().regex(/^\d{6}$/, 'validation.pay_password');
export const Code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'validation.code');
export const DisplayName = text().trim().min(1).max(50);
export const CaptchaAnswer = text().trim().min(1).max(12);
export const CaptchaKey = text().trim().min(1).max(64);

export const withCaptcha = { captcha: CaptchaAnswer, captcha_key: CaptchaKey };

export function confirmed<T extends z.ZodObject>(schema: T, field: string, confirmation: string) {
  return schema.refine((v: Record<string, unknown>) => v[field] === v[confirmation], {
    message: 'validation.password_mismatch',
    path: [confirmation],
  });
}

export const CaptchaResult = z.object({ captcha_key: z.string(), image: z.string() });
export type CaptchaResult = z.infer<typeof CaptchaResult>;

/** Sign-up by e-mail proves the address with a code from `/api/mail-code` (no account enumeration). */
export const RegisterInput = notLogin(
  confirmed(
    z.object({
      name: DisplayName,
      email: Email,
      code: Code,
      password: Password,
      password_confirmation: z.string(),
      ...withCaptcha,
    }),
    'password',
    'password_confirmation',
  ),
);
export type RegisterInput = z.infer<typeof RegisterInput>;

export const LoginInput = z.object({
  email: Email,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  ...withCaptcha,
});
export type LoginInput = z.infer<typeof LoginInput>;

export const MailCodeInput = z.object({ email: Email });
export type MailCodeInput = z.infer<typeof MailCodeInput>;

export const CheckMailCodeInput = z.object({ email: Email, code: Code });
export type CheckMailCodeInput = z.infer<typeof CheckMailCodeInput>;

export const CheckMailCodeResult = z.object({ verified: z.boolean() });
export type CheckMailCodeResult = z.infer<typeof CheckMailCodeResult>;

export const AutoLoginInput = z.object({ token: text().min(16).max(256) });
export type AutoLoginInput = z.infer<typeof AutoLoginInput>;

export const SaveUserNameInput = z.object({ name: DisplayName });
export type SaveUserNameInput = z.infer<typeof SaveUserNameInput>;

/** The language the server speaks to this user, whatever the browser's Accept-Language says. */
export const SaveLanguageInput = z.object({ language: z.enum(LANGUAGES) });
export type SaveLanguageInput = z.infer<typeof SaveLanguageInput>;

export const SaveMemPwdInput = confirmed(
  z.object({
    old_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    password: Password,
    password_confirmation: z.string(),
  }),
  'password',
  'password_confirmation',
);
export type SaveMemPwdInput = z.infer<typeof SaveMemPwdInput>;

/** Setting the pay password re-authenticates with the login password (ASVS 7.5.1). */
export const SavePayPwdInput = confirmed(
  z.object({
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    pay_password: PayPassword,
    pay_password_confirmation: z.string(),
  }),
  'pay_password',
  'pay_password_confirmation',
);
export type SavePayPwdInput = z.infer<typeof SavePayPwdInput>;

export const UserInfo = z.object({
  id: z.number().int(),
  api_token: z.string(),
  expires_at: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  level_name: z.string(),
  /** The member level's English name, for the English interface. */
  level_name_en: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  is_boss: z.boolean(),
  seller_id: z.number().int(),
  /** The saved language (`account/language`); null follows the browser's Accept-Language. */
  language: z.enum(LANGUAGES).nullable(),
  /** Whether the holder of `email` proved it; the console asks them to until then. */
  email_verified: z.boolean(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const BindingState = z.object({
  mobile: z.boolean(),
  email: z.boolean(),
  pay_password: z.boolean(),
  external: z.boolean(),
});
export type BindingState = z.infer<typeof BindingState>;

export const SubscribeState = z.object({ subscribed: z.boolean() });
export type SubscribeState = z.infer<typeof SubscribeState>;

export const PublicConfig = z.object({
  site_name: z.string(),
  register_enabled: z.boolean(),
  mobile_login_enabled: z.boolean(),
  router_mode: z.enum(['history', 'hash']),
  dev_outbox: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const SysLoginInput = z.object({
  username: text().trim().min(1).max(64),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  captchaId: CaptchaKey,
  verifyCode: CaptchaAnswer,
});
export type SysLoginInput = z.infer<typeof SysLoginInput>;

export const SysLoginResult = z.object({ token: z.string(), expire: z.number().int() });
export type SysLoginResult = z.infer<typeof SysLoginResult>;

/** Development outbox (GET /api/dev/outbox): what the Messenger would have sent. */
export const OutboxQuery = z.object({ recipient: text().trim().min(1).max(254).optional() });
export type OutboxQuery = z.infer<typeof OutboxQuery>;

export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.number().int(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** How long an e-mail verification link works, and how soon another may be sent. */
export const EMAIL_LINK_TTL_SECONDS = 24 * 3600;
export const EMAIL_LINK_RESEND_SECONDS = 60;

/** A new e-mail address, re-authenticated with the login password; it counts once its link is opened. */
export const ChangeEmailInput = z.object({
  email: Email,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type ChangeEmailInput = z.infer<typeof ChangeEmailInput>;

/** The token of a verification link (`/verify-email?token=`). */
export const VerifyEmailInput = z.object({ token: text().min(1).max(200) });
export type VerifyEmailInput = z.infer<typeof VerifyEmailInput>;

export const VerifyEmailResult = z.object({ email: z.string() });
export type VerifyEmailResult = z.infer<typeof VerifyEmailResult>;

/** The account's e-mail and the address a link was sent to, if it still waits to be opened. */
export const EmailState = z.object({
  email: z.string().nullable(),
  verified: z.boolean(),
  pending_email: z.string().nullable(),
  /** When another link may be sent (Unix seconds); null: now. */
  resend_at: z.number().int().nullable(),
});
export type EmailState = z.infer<typeof EmailState>;
