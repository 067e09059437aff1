import { useEffect, useState } from 'react';
import type { AcceptInvitationInput, Invitation } from '@app/shared';
import { api } from '../../../api/client.ts';
import { useAction } from '../../../shared/use-action.ts';

export interface InvitationState {
  data: Invitation | undefined;
  /** The server's reason when the code is not valid (used, replaced, expired, unknown). */
  error: string | undefined;
  loading: boolean;
}

/**
 * GET /api/invitation/show: who the link is for. The auth pages load without the console's
 * query client, and the page itself shows a refused code, so no global error message.
 */
export function useInvitation(code: string): InvitationState {
  const [state, setState] = useState<InvitationState>({
    data: undefined,
    error: undefined,
    loading: code !== '',
  });
  useEffect(() => {
    if (code === '') return;
    const controller = new AbortController();
    api.get<Invitation>('/invitation/show', { code }, { signal: controller.signal }).then(
      (data) => setState({ data, error: undefined, loading: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : undefined;
        setState({ data: undefined, error: message, loading: false });
      },
    );
    return () => controller.abort();
  }, [code]);
  return state;
}

/** POST /api/invitation/accept: the invitee's own password; the code then stops working. */
export function acceptInvitation(input: AcceptInvitationInput): Promise<null> {
  return api.post<null>('/invitation/accept', input);
}

export function useAcceptInvitation() {
  return useAction(acceptInvitation);
}
