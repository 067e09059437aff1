import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ForbidCheckInput, ForbidHit } from '@app/shared';
import { checkForbidden } from './listings.ts';
import { listingKeys } from './keys.ts';

/** How long typing must pause before the texts are checked again. */
export const CHECK_DEBOUNCE_MS = 500;

export interface CheckedTexts {
  title: string;
  bullet_points: string[];
  describe: string;
  custom_describe: string;
  keywords: string;
  market_id: number;
}

/** The check call names fields its own way; the editor's names are used everywhere else. */
export function toEditorHit(hit: ForbidHit): ForbidHit {
  const bullet = /^bullets\.(\d+)$/.exec(hit.field);
  const field = bullet
    ? `bullet_points.${bullet[1]}`
    : hit.field === 'description'
      ? 'describe'
      : hit.field;
  return { ...hit, field };
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- compared by content
  }, [key, ms]);
  return debounced;
}

function useCheck(body: Partial<ForbidCheckInput> | null) {
  return useQuery({
    queryKey: [...listingKeys.all, 'forbidden', body],
    queryFn: ({ signal }) => checkForbidden(body!, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * Forbidden words in the step 4 texts, checked again as the seller types (debounced). The
 * check call knows one description, so the custom one is checked on its own, as the server's
 * compliance report does.
 */
export function useForbiddenHits(texts: CheckedTexts | null) {
  const input = useDebounced(texts, CHECK_DEBOUNCE_MS);
  const main = useCheck(
    input && {
      title: input.title ?? '',
      bullets: (input.bullet_points ?? []).map((b) => b ?? ''),
      description: input.describe ?? '',
      keywords: input.keywords ?? '',
      market_id: input.market_id,
    },
  );
  const custom = useCheck(
    input && input.custom_describe
      ? {
          title: '',
          bullets: [],
          description: input.custom_describe,
          keywords: '',
          market_id: input.market_id,
        }
      : null,
  );
  const customHits = input?.custom_describe ? (custom.data?.hits ?? []) : [];
  return {
    hits: [
      ...(main.data?.hits ?? []).map(toEditorHit),
      ...customHits.map((hit) => ({ ...hit, field: 'custom_describe' })),
    ],
    checking:
      main.isFetching || custom.isFetching || JSON.stringify(texts) !== JSON.stringify(input),
  };
}
