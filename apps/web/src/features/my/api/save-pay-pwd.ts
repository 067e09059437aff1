import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavePayPwdInput } from '@app/shared';
import { api } from '../../../api/client.ts';
import { sessionKeys } from '../../../shared/session/session-keys.ts';

export function savePayPwd(input: SavePayPwdInput): Promise<null> {
  return api.post<null>('/save-pay-pwd', input);
}

export function useSavePayPwd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayPwd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.binding() }),
  });
}
