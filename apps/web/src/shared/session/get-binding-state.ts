import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BindingState } from '@app/shared';
import { api } from '../../api/client.ts';
import { sessionKeys } from './session-keys.ts';

export function getBindingState(): Promise<BindingState> {
  return api.get<BindingState>('/is-binded');
}

export function bindingStateQueryOptions() {
  return queryOptions({ queryKey: sessionKeys.binding(), queryFn: getBindingState });
}

export function useBindingState() {
  return useQuery(bindingStateQueryOptions());
}
