import type { LoginByMobileInput, LoginInput, UserInfo } from '@app/shared';
import { api } from '../../../api/client.ts';
import { useAction } from '../../../shared/use-action.ts';

/** POST /api/login: e-mail, password and captcha. */
export function login(input: LoginInput): Promise<UserInfo> {
  return api.post<UserInfo>('/login', input);
}

export function useLogin() {
  return useAction(login);
}

/** POST /api/login-by-mobile: the password, or a code from mobile-sms-code. */
export function loginByMobile(input: LoginByMobileInput): Promise<UserInfo> {
  return api.post<UserInfo>('/login-by-mobile', input);
}

export function useLoginByMobile() {
  return useAction(loginByMobile);
}
