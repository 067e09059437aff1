import { useMutation } from '@tanstack/react-query';
import type { SaveMemPwdInput } from '@app/shared';
import { api } from '../../../api/client.ts';

/** Changing the password ends the account's other sessions on the server; this one stays. */
export function saveMemPwd(input: SaveMemPwdInput): Promise<null> {
  return api.post<null>('/save-mem-pwd', input);
}

export function useSaveMemPwd() {
  return useMutation({ mutationFn: saveMemPwd });
}
