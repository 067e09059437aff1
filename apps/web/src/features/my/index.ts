/** My account: the console-wide banner asking to verify the e-mail. */
export { VerifyEmailBanner } from './components/verify-email-banner.tsx';
