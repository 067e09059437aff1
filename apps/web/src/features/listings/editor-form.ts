import dayjs, { type Dayjs } from 'dayjs';
import {
  type AttributeValue,
  BULLET_POINT_COUNT,
  type Listing,
  type ListingCondition,
  majorToMinor,
  minorToMajor,
} from '@app/shared';
import type { StepInput } from './api/listings.ts';

/** An item row of step 3 as the form holds it: the price in major units of the site currency. */
export interface ItemValues {
  id?: number;
  sku: string;
  price: number | null;
  quantity: number | null;
  variation: Record<string, string>;
  product_id: string;
  image: string | null;
}

/** Every field of the four steps; the steps show parts of one form so nothing is lost between them. */
export interface EditorValues {
  market_id: number;
  brand: string;
  manufacturer: string;
  mfrPart_number: string;
  condition: ListingCondition;
  condition_note: string;
  launch_date: Dayjs | null;
  handling_time: number | null;
  market_category_id: string;
  attributes: Record<string, AttributeValue | undefined>;
  is_variation: boolean;
  variation_theme: string;
  parent_sku: string;
  show_variation_theme: string[];
  items: ItemValues[];
  title: string;
  bullet_points: string[];
  describe: string;
  custom_describe: string;
  keywords: string;
  /** Image URLs, the main image first. */
  images: string[];
}

export const STEP_COUNT = 4;
export type StepIndex = 0 | 1 | 2 | 3;

/** The form fields each step owns (validated and sent by that step's save). */
export const STEP_FIELDS: Record<StepIndex, (keyof EditorValues)[]> = {
  0: [
    'market_id',
    'brand',
    'manufacturer',
    'mfrPart_number',
    'condition',
    'condition_note',
    'launch_date',
    'handling_time',
  ],
  1: ['market_category_id', 'attributes'],
  2: ['is_variation', 'variation_theme', 'parent_sku', 'show_variation_theme', 'items'],
  3: ['title', 'bullet_points', 'describe', 'custom_describe', 'keywords', 'images'],
};

export function toFormValues(listing: Listing): EditorValues {
  const bullets = [...listing.bullet_points];
  while (bullets.length < BULLET_POINT_COUNT) bullets.push('');
  return {
    market_id: listing.market_id,
    brand: listing.brand,
    manufacturer: listing.manufacturer,
    mfrPart_number: listing.mfrPart_number,
    condition: listing.condition,
    condition_note: listing.condition_note,
    launch_date: listing.launch_date === null ? null : dayjs.unix(listing.launch_date),
    handling_time: listing.handling_time,
    market_category_id: listing.market_category_id,
    attributes: { ...listing.attributes },
    is_variation: listing.is_variation,
    variation_theme: listing.variation_theme,
    parent_sku: listing.parent_sku,
    show_variation_theme: listing.show_variation_theme,
    items: listing.items.map((item) => ({
      id: item.id,
      sku: item.sku,
      price: minorToMajor(item.price_minor, listing.currency),
      quantity: item.quantity,
      variation: { ...item.variation },
      product_id: item.product_id,
      image: item.image,
    })),
    title: listing.title,
    bullet_points: bullets.slice(0, BULLET_POINT_COUNT),
    describe: listing.describe,
    custom_describe: listing.custom_describe,
    keywords: listing.keywords,
    images: [...listing.images],
  };
}

/** The save call of `step` for the form's values. */
export function toStepInput(
  step: StepIndex,
  id: number,
  v: EditorValues,
  currency: string,
): StepInput {
  switch (step) {
    case 0:
      return {
        step: 1,
        input: {
          id,
          market_id: v.market_id,
          brand: v.brand ?? '',
          manufacturer: v.manufacturer ?? '',
          mfrPart_number: v.mfrPart_number ?? '',
          condition: v.condition,
          condition_note: v.condition_note ?? '',
          market_category_id: v.market_category_id ?? '',
          launch_date: v.launch_date ? v.launch_date.startOf('day').unix() : null,
          handling_time: v.handling_time ?? null,
        },
      };
    case 1:
      return {
        step: 2,
        input: {
          id,
          market_category_id: v.market_category_id ?? '',
          // An emptied field is left out rather than sent as '' (which an enum would refuse).
          attributes: Object.fromEntries(
            Object.entries(v.attributes ?? {}).filter(
              (entry): entry is [string, AttributeValue] =>
                entry[1] !== undefined && entry[1] !== null && entry[1] !== '',
            ),
          ),
        },
      };
    case 2:
      return {
        step: 3,
        input: {
          id,
          is_variation: v.is_variation,
          variation_theme: v.is_variation ? (v.variation_theme ?? '') : '',
          parent_sku: v.parent_sku ?? '',
          show_variation_theme: v.show_variation_theme ?? [],
          items: (v.items ?? []).map((item) => ({
            ...(item.id === undefined ? {} : { id: item.id }),
            sku: item.sku ?? '',
            price_minor: majorToMinor(item.price, currency) ?? 0,
            quantity: item.quantity ?? 0,
            variation: item.variation ?? {},
            product_id: (item.product_id ?? '').trim(),
            image: item.image ?? null,
          })),
        },
      };
    case 3:
      return {
        step: 4,
        input: {
          id,
          title: v.title ?? '',
          describe: v.describe ?? '',
          custom_describe: v.custom_describe ?? '',
          keywords: v.keywords ?? '',
          // Trailing empty bullets are not bullets; inner gaps keep their places.
          bullet_points: trimTrailingEmpty(v.bullet_points ?? []),
          images: v.images ?? [],
        },
      };
  }
}

function trimTrailingEmpty(values: readonly string[]): string[] {
  const out = values.map((b) => b ?? '');
  while (out.length > 0 && out.at(-1)!.trim() === '') out.pop();
  return out;
}

/** `items.0.sku` → ['items', 0, 'sku'], the path antd's Form.List knows. */
export function toNamePath(key: string): (string | number)[] {
  return key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Amazon attribute names (issues) → the editor field that holds them. */
const AMAZON_FIELDS: Record<string, string> = {
  item_name: 'title',
  bullet_point: 'bullet_points',
  product_description: 'describe',
  generic_keyword: 'keywords',
  brand: 'brand',
  manufacturer: 'manufacturer',
  part_number: 'mfrPart_number',
  condition_type: 'condition',
  condition_note: 'condition_note',
  merchant_release_date: 'launch_date',
  fulfillment_availability: 'items',
  purchasable_offer: 'items',
  list_price: 'items',
  externally_assigned_product_identifier: 'items',
  merchant_suggested_asin: 'items',
  variation_theme: 'variation_theme',
  parentage_level: 'parent_sku',
  child_parent_sku_relationship: 'parent_sku',
  main_product_image_locator: 'images',
  product_type: 'market_category_id',
};
const EDITOR_ROOTS = new Set<string>(Object.values(STEP_FIELDS).flat());

/**
 * Where a reported field belongs in the editor: compliance fields (`bullet_points.2`,
 * `attributes.department`) are already editor paths; Amazon's attribute names are mapped, and
 * any other attribute is one of step 2's.
 */
export function editorFieldOf(field: string): string {
  const root = field.split('.')[0]!;
  if (EDITOR_ROOTS.has(root)) return field;
  return AMAZON_FIELDS[field] ?? `attributes.${field}`;
}

/** The step that shows `field` (an editor path); unknowns go to the content step. */
export function stepOf(field: string): StepIndex {
  const root = field.split('.')[0] as keyof EditorValues;
  for (const step of [0, 1, 2, 3] as const) if (STEP_FIELDS[step].includes(root)) return step;
  return 3;
}
