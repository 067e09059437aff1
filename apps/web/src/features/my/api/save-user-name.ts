import { useMutation } from '@tanstack/react-query';
import type { SaveUserNameInput } from '@app/shared';
import { api } from '../../../api/client.ts';
import { refreshUserInfo } from '../../../shared/session/load-session.ts';

export function saveUserName(input: SaveUserNameInput): Promise<null> {
  return api.post<null>('/save-user-name', input);
}

export function useSaveUserName() {
  return useMutation({ mutationFn: saveUserName, onSuccess: refreshUserInfo });
}
