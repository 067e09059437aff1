export const LIBRARY_PATH = '/goods/productHouse';
export const DETAIL_PATH = '/goods/productHouseDetail';

export function detailPath(id: number): string {
  return `${DETAIL_PATH}?id=${id}`;
}

/** A positive integer id from the query string, or null for anything else. */
export function parseId(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
