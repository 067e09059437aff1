import type { MobileCodeInput } from '@app/shared';
import { api } from '../../../api/client.ts';

/** The three public code senders; each takes the mobile number and a captcha answer. */
export type SmsCodePurpose = 'login' | 'register' | 'forget';

const ENDPOINTS: Record<SmsCodePurpose, string> = {
  login: '/mobile-sms-code',
  register: '/register-sms-code',
  forget: '/forget-sms-code',
};

export function sendSmsCode(purpose: SmsCodePurpose, input: MobileCodeInput): Promise<null> {
  return api.post<null>(ENDPOINTS[purpose], input);
}
