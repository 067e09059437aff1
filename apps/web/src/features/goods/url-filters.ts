import { FINISHED_PRODUCT_SORTS, FinishedProductListQuery } from '@app/shared';
import { createUrlFilters, sortChoices } from '../goods-library/index.ts';

export const FINISHED_SORT_CHOICES = sortChoices(FINISHED_PRODUCT_SORTS);
export type FinishedSortChoice = (typeof FINISHED_SORT_CHOICES)[number];

export const finishedFilters = createUrlFilters(FinishedProductListQuery, [
  'keyword',
  'category_id',
  'source',
  'shared',
  'min_price',
  'max_price',
  'start_time',
  'end_time',
  'sort',
  'order',
  'page',
  'size',
]);
