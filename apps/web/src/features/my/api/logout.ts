import { api } from '../../../api/client.ts';

/** POST /api/logout revokes the token on the server; the caller clears the local session either way. */
export function logout(): Promise<null> {
  return api.post<null>('/logout');
}
