import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ForbidCheckInput,
  ForbidCheckResult,
  ForbidWord,
  ForbidWordInput,
  ForbidWordPage,
  ForbidWordQuery,
  IdsInput,
  MediaBatchResult,
  PlanSale,
  PlanSaleInput,
  PricingTemplate,
  PricingTemplateInput,
  PricingTemplatePage,
  PricingTemplateQuery,
  TextTemplate,
  TextTemplateInput,
  TextTemplateKind,
  TextTemplatePage,
  TextTemplateQuery,
} from '@app/shared';
import { api } from '../../../api/client.ts';

export const templateKeys = {
  all: ['templates'] as const,
  text: (kind: TextTemplateKind) => [...templateKeys.all, 'text', kind] as const,
  textList: (kind: TextTemplateKind, query: TextTemplateQuery) =>
    [...templateKeys.text(kind), query] as const,
  pricing: () => [...templateKeys.all, 'pricing'] as const,
  pricingList: (query: PricingTemplateQuery) => [...templateKeys.pricing(), query] as const,
  plan: (input: PlanSaleInput) => [...templateKeys.all, 'plan', input] as const,
};

export function useTextTemplates(kind: TextTemplateKind, query: TextTemplateQuery) {
  return useQuery({
    queryKey: templateKeys.textList(kind, query),
    queryFn: ({ signal }) =>
      api.get<TextTemplatePage>(`/template/${kind}/index`, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Creates without `id`, updates with it. */
export function saveTextTemplate(
  kind: TextTemplateKind,
  input: TextTemplateInput & { id?: number },
): Promise<TextTemplate> {
  return input.id === undefined
    ? api.post<TextTemplate>(`/template/${kind}/create`, input)
    : api.post<TextTemplate>(`/template/${kind}/update`, input);
}
export const deleteTextTemplates = (kind: TextTemplateKind, input: IdsInput) =>
  api.post<MediaBatchResult>(`/template/${kind}/delete`, input);

export function usePricingTemplates(query: PricingTemplateQuery) {
  return useQuery({
    queryKey: templateKeys.pricingList(query),
    queryFn: ({ signal }) =>
      api.get<PricingTemplatePage>('/pricingTemplate/list', query, { signal }),
    placeholderData: keepPreviousData,
  });
}
export const savePricingTemplate = (input: PricingTemplateInput) =>
  api.post<PricingTemplate>('/pricingTemplate/store', input);
export const deletePricingTemplates = (input: IdsInput) =>
  api.post<MediaBatchResult>('/pricingTemplate/destory', input);

/** The live price of the edited template; null while the form is incomplete. */
export function usePlanSale(input: PlanSaleInput | null) {
  return useQuery({
    queryKey: templateKeys.plan(input!),
    queryFn: ({ signal }) =>
      api.post<PlanSale>('/pricingTemplate/get-plan-sale', input, { signal }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Every template mutation refreshes the template lists. */
export function useTemplateMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useSellerWords(query: ForbidWordQuery) {
  return useQuery({
    queryKey: [...templateKeys.all, 'words', query],
    queryFn: ({ signal }) => api.get<ForbidWordPage>('/forbid/word/index', query, { signal }),
    placeholderData: keepPreviousData,
  });
}
export const saveSellerWord = (input: ForbidWordInput) =>
  api.post<ForbidWord>('/forbid/word/store', input);
export const deleteSellerWords = (input: IdsInput) =>
  api.post<MediaBatchResult>('/forbid/word/delete', input);
export const checkForbiddenWords = (input: Partial<ForbidCheckInput>) =>
  api.post<ForbidCheckResult>('/forbid/word/check', input);
