export const LIBRARY_PATH = '/goods/productHouse';
export const DETAIL_PATH = '/goods/productHouseDetail';

export function detailPath(id: number): string {
  return `${DETAIL_PATH}?id=${id}`;
}
