import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput, EmailState } from '@app/shared';
import { api } from '../../../api/client.ts';
import { sessionKeys } from '../../../shared/session/session-keys.ts';

export function getEmailState(): Promise<EmailState> {
  return api.get<EmailState>('/account/email');
}

export function emailStateQueryOptions() {
  return queryOptions({ queryKey: sessionKeys.email(), queryFn: getEmailState });
}

export function useEmailState(enabled = true) {
  return useQuery({ ...emailStateQueryOptions(), enabled });
}

/** POST /api/account/email/change: a link to the new address; the old one stays until it is opened. */
export function changeEmail(input: ChangeEmailInput): Promise<null> {
  return api.post<null>('/account/email/change', input);
}

/** POST /api/account/email/resend: the link again (the pending address, else the unverified one). */
export function resendEmailLink(): Promise<null> {
  return api.post<null>('/account/email/resend');
}

function useEmailMutation<I>(mutationFn: (input: I) => Promise<null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.email() }),
  });
}

export const useChangeEmail = () => useEmailMutation(changeEmail);
export const useResendEmailLink = () => useEmailMutation(resendEmailLink);
