import type { MailCodeInput } from '@app/shared';
import { api } from '../../../api/client.ts';

/** POST /api/mail-code: a code to the address, the same answer for any address. */
export function sendMailCode(input: MailCodeInput): Promise<null> {
  return api.post<null>('/mail-code', input);
}
