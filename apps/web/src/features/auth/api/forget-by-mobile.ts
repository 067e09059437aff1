import type { ForgetByMobileInput, MobileCodeInput } from '@app/shared';
import { api } from '../../../api/client.ts';
import { useAction } from '../../../shared/use-action.ts';
import { sendSmsCode } from './send-sms-code.ts';

const sendForgetCode = (input: MobileCodeInput) => sendSmsCode('forget', input);

export function useSendForgetCode() {
  return useAction(sendForgetCode);
}

/** POST /api/forget-by-mobile: the code from forget-sms-code and the new password. */
export function forgetByMobile(input: ForgetByMobileInput): Promise<null> {
  return api.post<null>('/forget-by-mobile', input);
}

export function useForgetByMobile() {
  return useAction(forgetByMobile);
}
