import type { z } from 'zod';
import {
  majorToMinor,
  minorToMajor,
  PARENT_PRODUCT_PAGE_MAX,
  PARENT_PRODUCT_SORTS,
  ParentProductListQuery,
} from '@app/shared';

export const PAGE_SIZES = [20, 40, 60, PARENT_PRODUCT_PAGE_MAX] as const;
export type LibraryView = 'grid' | 'table';
export type SortOrder = 'asc' | 'desc';

/** `<sort>_<order>` choices, newest/most first for each sortable field. */
export function sortChoices<S extends string>(sorts: readonly S[]): `${S}_${SortOrder}`[] {
  return sorts.flatMap((sort) => [`${sort}_desc` as const, `${sort}_asc` as const]);
}

/** Splits a `<sort>_<order>` choice; sort names may themselves contain underscores. */
export function splitSortChoice<S extends string>(choice: string): { sort: S; order: SortOrder } {
  const cut = choice.lastIndexOf('_');
  return { sort: choice.slice(0, cut) as S, order: choice.slice(cut + 1) as SortOrder };
}

export interface UrlFilters<Q> {
  defaults: Q;
  read: (params: URLSearchParams) => { query: Q; view: LibraryView };
  write: (filters: { query: Q; view: LibraryView }) => URLSearchParams;
}

/**
 * The URL is the filter state, so a tab or a shared link reopens the same results. Hand-edited
 * links can carry nonsense; each bad field is dropped on its own rather than the whole query.
 * Only what differs from the defaults goes into the URL, so links stay short.
 */
export function createUrlFilters<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  keys: readonly (keyof z.output<S> & string)[],
): UrlFilters<z.output<S>> {
  type Q = z.output<S>;
  const defaults = schema.parse({}) as Q;
  return {
    defaults,
    read(params) {
      const raw: Record<string, string> = {};
      for (const key of keys) {
        const value = params.get(key);
        if (value !== null && value !== '') raw[key] = value;
      }
      const first = schema.safeParse(raw);
      let query = first.success ? first.data : undefined;
      if (!first.success) {
        for (const issue of first.error.issues) delete raw[String(issue.path[0])];
        const second = schema.safeParse(raw);
        query = second.success ? second.data : defaults;
      }
      return { query: query ?? defaults, view: params.get('view') === 'table' ? 'table' : 'grid' };
    },
    write({ query, view }) {
      const params = new URLSearchParams();
      for (const key of keys) {
        const value = query[key];
        if (value === undefined || value === '' || value === defaults[key]) continue;
        params.set(key, String(value));
      }
      if (view === 'table') params.set('view', 'table');
      return params;
    },
  };
}

export type SortChoice = `${(typeof PARENT_PRODUCT_SORTS)[number]}_${SortOrder}`;
export const SORT_CHOICES: readonly SortChoice[] = sortChoices(PARENT_PRODUCT_SORTS);

const parentFilters = createUrlFilters(ParentProductListQuery, [
  'keyword',
  'category_id',
  'min_cost',
  'max_cost',
  'start_time',
  'end_time',
  'sort',
  'order',
  'page',
  'size',
]);

export const DEFAULT_QUERY = parentFilters.defaults;

export const readFilters = parentFilters.read;
export const writeFilters = parentFilters.write;

/** Yuan typed by a person → minor units the API takes; empty stays empty. */
export function yuanToMinor(yuan: number | null | undefined): number | undefined {
  return majorToMinor(yuan, 'CNY') ?? undefined;
}

export function minorToYuan(minor: number | undefined): number | null {
  return minor === undefined ? null : minorToMajor(minor, 'CNY');
}
