import type {
  MultistationCreateInput,
  MultistationCreateResult,
  MultistationPriceInput,
  MultistationPrices,
  MultistationShow1,
  MultistationShow3,
  MultistationTargets,
  MultistationTargetsInput,
  MultistationTextCheck,
  MultistationTextsInput,
} from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { listingKeys } from './keys.ts';

/** The source listing and the stores of its region it can be copied to. */
export function useMultistationSource(id: number | null) {
  return useQuery({
    queryKey: [...listingKeys.all, 'multistation', id ?? 0],
    queryFn: ({ signal }) =>
      api.post<MultistationShow1>('/publish/multistation/show1', { id: id! }, { signal }),
    enabled: id !== null,
  });
}

export const checkTargets = (input: MultistationTargetsInput) =>
  api.post<MultistationTargets>('/publish/multistation/step1', input);
export const planPrices = (input: MultistationPriceInput) =>
  api.post<MultistationPrices>('/publish/multistation/step2', input);
export const translatedTexts = (input: MultistationTargetsInput) =>
  api.post<MultistationShow3>('/publish/multistation/show3', input);
export const checkTexts = (input: MultistationTextsInput) =>
  api.post<MultistationTextCheck>('/publish/multistation/step3', input);
export const createCopies = (input: MultistationCreateInput) =>
  api.post<MultistationCreateResult>('/publish/multistation/step4', input);
