import { PARENT_PRODUCT_PAGE_MAX, PARENT_PRODUCT_SORTS, ParentProductListQuery } from '@app/shared';

export const PAGE_SIZES = [20, 40, 60, PARENT_PRODUCT_PAGE_MAX] as const;
export type LibraryView = 'grid' | 'table';
export type SortChoice = `${(typeof PARENT_PRODUCT_SORTS)[number]}_${'asc' | 'desc'}`;
export const SORT_CHOICES: readonly SortChoice[] = PARENT_PRODUCT_SORTS.flatMap((sort) => [
  `${sort}_desc` as const,
  `${sort}_asc` as const,
]);

export const DEFAULT_QUERY = ParentProductListQuery.parse({});

export interface LibraryFilters {
  query: ParentProductListQuery;
  view: LibraryView;
}

const QUERY_KEYS = [
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
] as const;

/**
 * The URL is the filter state, so a tab or a shared link reopens the same results. Hand-edited
 * links can carry nonsense; each bad field is dropped on its own rather than the whole query.
 */
export function readFilters(params: URLSearchParams): LibraryFilters {
  const raw: Record<string, string> = {};
  for (const key of QUERY_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const first = ParentProductListQuery.safeParse(raw);
  let query = first.success ? first.data : undefined;
  if (!first.success) {
    for (const issue of first.error.issues) delete raw[String(issue.path[0])];
    const second = ParentProductListQuery.safeParse(raw);
    query = second.success ? second.data : DEFAULT_QUERY;
  }
  return { query: query ?? DEFAULT_QUERY, view: params.get('view') === 'table' ? 'table' : 'grid' };
}

/** Only what differs from the defaults goes into the URL, so links stay short. */
export function writeFilters({ query, view }: LibraryFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of QUERY_KEYS) {
    const value = query[key];
    if (value === undefined || value === '' || value === DEFAULT_QUERY[key]) continue;
    params.set(key, String(value));
  }
  if (view === 'table') params.set('view', 'table');
  return params;
}

/** Yuan typed by a person → minor units the API takes; empty stays empty. */
export function yuanToMinor(yuan: number | null | undefined): number | undefined {
  if (yuan === null || yuan === undefined || !Number.isFinite(yuan) || yuan < 0) return undefined;
  return Math.round(yuan * 100);
}

export function minorToYuan(minor: number | undefined): number | null {
  return minor === undefined ? null : minor / 100;
}
