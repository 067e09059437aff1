import type { RegisterByMobileInput, RegisterInput, UserInfo } from '@app/shared';
import { api } from '../../../api/client.ts';
import { useAction } from '../../../shared/use-action.ts';

/** POST /api/register: signs up by e-mail and answers like a login. */
export function register(input: RegisterInput): Promise<UserInfo> {
  return api.post<UserInfo>('/register', input);
}

export function useRegister() {
  return useAction(register);
}

/** POST /api/register-by-mobile with the code from register-sms-code. */
export function registerByMobile(input: RegisterByMobileInput): Promise<UserInfo> {
  return api.post<UserInfo>('/register-by-mobile', input);
}

export function useRegisterByMobile() {
  return useAction(registerByMobile);
}
