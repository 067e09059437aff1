import { useTranslation } from 'react-i18next';
import type { ParentProductListQuery } from '@app/shared';
import { SORT_CHOICES, type LibraryView, type SortChoice } from '../url-filters.ts';
import { FilterBar, renamePricePatch, type FilterPatch } from './filter-bar.tsx';

interface ParentFilterBarProps {
  query: ParentProductListQuery;
  view: LibraryView;
  onApply: (patch: Partial<ParentProductListQuery>) => void;
  onReset: () => void;
  onViewChange?: (view: LibraryView) => void;
}

/** The parent library's filter bar (a cost range and its sorts): the console's and the public one. */
export function ParentFilterBar({ query, onApply, ...rest }: ParentFilterBarProps) {
  const { t } = useTranslation();
  return (
    <FilterBar
      {...rest}
      values={{ ...query, min: query.min_cost, max: query.max_cost }}
      sortChoices={SORT_CHOICES}
      sortLabel={(choice) => t(`goodsLibrary.sorts.${choice as SortChoice}`)}
      labels={{
        keyword: t('goodsLibrary.filters.keyword'),
        min: t('goodsLibrary.filters.minCost'),
        max: t('goodsLibrary.filters.maxCost'),
      }}
      onApply={(patch: FilterPatch) =>
        onApply(renamePricePatch<ParentProductListQuery>(patch, 'min_cost', 'max_cost'))
      }
    />
  );
}

/** Whether a filter narrows the list (the empty state then offers to clear them). */
export function isFiltered(query: ParentProductListQuery): boolean {
  return (
    query.keyword !== undefined ||
    query.category_id !== undefined ||
    query.min_cost !== undefined ||
    query.max_cost !== undefined ||
    query.start_time !== undefined
  );
}
