import { MaterialListQuery } from '@app/shared';
import { readQueryWith } from '../../shared/url-query.ts';

export const PAGE_SIZES = [20, 40, 60, 100] as const;

/** The URL holds the folder, search and page, so a tab or a shared link reopens the same view. */
export function readQuery(params: URLSearchParams): MaterialListQuery {
  return readQueryWith(MaterialListQuery, ['dir_id', 'keyword', 'page', 'size'], params);
}

export function writeQuery(query: MaterialListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.dir_id !== undefined) params.set('dir_id', String(query.dir_id));
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.size !== 20) params.set('size', String(query.size));
  return params;
}
