import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.ts';
import { isValidMobile } from '../phone.ts';
import { text } from './common.ts';
import {
  CaptchaAnswer,
  CaptchaKey,
  Code,
  confirmed,
  DisplayName,
  notLogin,
  Password,
  withCaptcha,
} from './auth.ts';

// The schemas that check a mobile number, apart from auth.ts: libphonenumber's metadata
// (137 KB) then loads only with the screens that take a mobile, not with the e-mail login page.

/**
 * A mobile number: a bare mainland number (the default country), or `+<calling code><number>`
 * checked against that country's mobile numbering plan (libphonenumber's metadata).
 */
export const Mobile = z.string().trim().refine(isValidMobile, 'validation.mobile');

/** Sending a code to a mobile number always passes a captcha first (anti-automation). */
export const MobileCodeInput = z.object({ mobile: Mobile, ...withCaptcha });
export type MobileCodeInput = z.infer<typeof MobileCodeInput>;

export const RegisterByMobileInput = notLogin(
  z.object({
    name: DisplayName,
    mobile: Mobile,
    password: Password,
    code: Code,
    isBind: z.number().int().min(0).max(1).optional(),
    encode: text().max(512).optional(),
  }),
);
export type RegisterByMobileInput = z.infer<typeof RegisterByMobileInput>;

/**
 * Mobile login takes the password or an SMS code from mobile-sms-code. A password is guessed
 * like the e-mail login's, so it passes the same captcha; a code was sent only after one.
 */
export const LoginByMobileInput = z
  .object({
    mobile: Mobile,
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
    code: Code.optional(),
    captcha: CaptchaAnswer.optional(),
    captcha_key: CaptchaKey.optional(),
    isBind: z.number().int().min(0).max(1).optional(),
    encode: text().max(512).optional(),
  })
  .refine((v) => v.password !== undefined || v.code !== undefined, {
    message: 'validation.password_or_code',
    path: ['password'],
  })
  .refine((v) => v.password === undefined || v.captcha !== undefined, {
    message: 'validation.required',
    path: ['captcha'],
  })
  .refine((v) => v.password === undefined || v.captcha_key !== undefined, {
    message: 'validation.required',
    path: ['captcha_key'],
  });
export type LoginByMobileInput = z.infer<typeof LoginByMobileInput>;

export const ForgetByMobileInput = notLogin(
  confirmed(
    z.object({ mobile: Mobile, code: Code, password: Password, password_confirmation: z.string() }),
    'password',
    'password_confirmation',
  ),
);
export type ForgetByMobileInput = z.infer<typeof ForgetByMobileInput>;

/** Sends a code to a new mobile number before binding it to the signed-in account. */
export const UpdateSmsCodeInput = z.object({ mobile: Mobile });
export type UpdateSmsCodeInput = z.infer<typeof UpdateSmsCodeInput>;

export const SaveMemMobileInput = z.object({ mobile: Mobile, code: Code });
export type SaveMemMobileInput = z.infer<typeof SaveMemMobileInput>;
