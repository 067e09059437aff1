import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MultistationCreateResult, MultistationPrices, MultistationShow3 } from '@app/shared';
import { reportError } from '../../../../api/form-errors.ts';
import { feedback } from '../../../../shared/feedback.ts';
import { invalidateListings } from '../../api/listings.ts';
import {
  checkTargets,
  checkTexts,
  createCopies,
  planPrices,
  translatedTexts,
} from '../../api/multistation.ts';

export type SiteTexts = MultistationShow3['sites'][number];
/** Edited prices: market id → source item id → minor units of the site currency. */
export type PriceEdits = Record<number, Record<number, number>>;

/**
 * The copy wizard's state and its four server calls. Each call moves to the next step when it
 * answers; nothing is written before `create`.
 */
export function useMultistation(id: number | null) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<number[]>([]);
  const [templateId, setTemplateId] = useState<number | undefined>();
  const [prices, setPrices] = useState<MultistationPrices | null>(null);
  const [edits, setEdits] = useState<PriceEdits>({});
  const [texts, setTexts] = useState<SiteTexts[]>([]);
  const [results, setResults] = useState<MultistationCreateResult['results'] | null>(null);

  const toPrices = useMutation({
    mutationFn: async (template: number | undefined) => {
      await checkTargets({ id: id!, market_ids: chosen });
      return planPrices({ id: id!, market_ids: chosen, pricing_template_id: template });
    },
    onSuccess: (plan) => {
      setPrices(plan);
      setEdits(
        Object.fromEntries(
          plan.sites.map((s) => [
            s.market_id,
            Object.fromEntries(s.items.map((i) => [i.item_id, i.price_minor])),
          ]),
        ),
      );
      setStep(1);
    },
    onError: (error) => reportError(error),
  });
  const toTexts = useMutation({
    mutationFn: () => translatedTexts({ id: id!, market_ids: chosen }),
    onSuccess: (answer) => {
      setTexts(answer.sites);
      setStep(2);
    },
    onError: (error) => reportError(error),
  });
  const recheck = useMutation({
    mutationFn: () =>
      checkTexts({ id: id!, sites: texts.map((s) => ({ market_id: s.market_id, ...s.texts })) }),
    onSuccess: (answer) => {
      const hits = new Map(answer.sites.map((s) => [s.market_id, s.hits]));
      setTexts((list) => list.map((s) => ({ ...s, hits: hits.get(s.market_id) ?? [] })));
      const left = answer.sites.reduce((n, s) => n + s.hits.length, 0);
      if (left) feedback.warning(t('multistation.hitsLeft', { count: left }));
      else feedback.success(t('multistation.clean'));
    },
    onError: (error) => reportError(error),
  });
  const create = useMutation({
    mutationFn: () =>
      createCopies({
        id: id!,
        sites: texts.map((s) => ({
          market_id: s.market_id,
          ...s.texts,
          items: Object.entries(edits[s.market_id] ?? {}).map(([itemId, price]) => ({
            item_id: Number(itemId),
            price_minor: price,
          })),
        })),
      }),
    onSuccess: (answer) => {
      setResults(answer.results);
      setStep(3);
      feedback.success(t('multistation.created', { count: answer.results.length }));
    },
    onError: (error) => reportError(error),
    onSettled: () => invalidateListings(client),
  });

  return {
    step,
    setStep,
    chosen,
    setChosen,
    templateId,
    setTemplateId,
    prices,
    edits,
    setEdits,
    texts,
    setTexts,
    results,
    toPrices,
    toTexts,
    recheck,
    create,
  };
}

export type Multistation = ReturnType<typeof useMultistation>;
