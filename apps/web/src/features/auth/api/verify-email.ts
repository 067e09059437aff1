import type { VerifyEmailInput, VerifyEmailResult } from '@app/shared';
import { api } from '../../../api/client.ts';

/** POST /api/account/email/verify: the link's address becomes the account's; the link then stops working. */
export function verifyEmail(input: VerifyEmailInput): Promise<VerifyEmailResult> {
  return api.post<VerifyEmailResult>('/account/email/verify', input);
}
