import type { UserInfo } from '@app/shared';
import { api } from '../../api/client.ts';

export function getUserInfo(): Promise<UserInfo> {
  return api.get<UserInfo>('/common/get-user-info');
}
