import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveMemMobileInput, UpdateSmsCodeInput } from '@app/shared';
import { api } from '../../../api/client.ts';
import { refreshUserInfo } from '../../../shared/session/load-session.ts';
import { sessionKeys } from '../../../shared/session/session-keys.ts';

/** POST /api/update-sms-code: a code to the new number, proving the user owns it. */
export function sendUpdateSmsCode(input: UpdateSmsCodeInput): Promise<null> {
  return api.post<null>('/update-sms-code', input);
}

export function saveMemMobile(input: SaveMemMobileInput): Promise<null> {
  return api.post<null>('/save-mem-mobile', input);
}

export function useSaveMemMobile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMemMobile,
    onSuccess: () =>
      Promise.all([
        refreshUserInfo(),
        queryClient.invalidateQueries({ queryKey: sessionKeys.binding() }),
      ]),
  });
}
