import { useQuery } from '@tanstack/react-query';
import type { AcceptInvitationInput, Invitation } from '@app/shared';
import { api } from '../../../api/client.ts';
import { useAction } from '../../../shared/use-action.ts';

/** GET /api/invitation/show: who the link is for; a used, replaced or expired code is a 422. */
export function useInvitation(code: string) {
  return useQuery({
    queryKey: ['invitation', code],
    queryFn: ({ signal }) => api.get<Invitation>('/invitation/show', { code }, { signal }),
    enabled: code !== '',
    retry: false,
  });
}

/** POST /api/invitation/accept: the invitee's own password; the code then stops working. */
export function acceptInvitation(input: AcceptInvitationInput): Promise<null> {
  return api.post<null>('/invitation/accept', input);
}

export function useAcceptInvitation() {
  return useAction(acceptInvitation);
}
