// Accounts, sessions, codes and captchas: the public face the account, login and access code uses.
export { createCaptcha, verifyCaptcha } from './captcha.ts';
export { consumeCode, sendCode } from './codes.ts';
export { authCtx, type AuthCtx } from './context.ts';
export { assertPasswordAllowed } from './password-policy.ts';
export { hashPassword, setPasswordHashCost, verifyPassword } from './passwords.ts';
export { authLimiters, waitParams } from './rate-limits.ts';
export { createTenant } from './tenants.ts';
export {
  issueToken,
  resolveSession,
  resolveToken,
  revokeSubjectSessions,
  revokeToken,
} from './sessions.ts';
export {
  conflictOn,
  findUserBy,
  isUniqueViolation,
  passwordMatches,
  type UserRow,
} from './users.ts';
