// The team's public face: built-in groups for the seed, the login log for the sign-in services.
export { isMoneyPerm, seedBuiltInGroups } from './built-in.ts';
export { recordLogin, type LoginAttempt } from './login-log.ts';
