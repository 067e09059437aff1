import type { ParentProductDetail, ParentProductImage, PrintArea } from '@app/shared';

/** The product's sides (print area names) in picture order: front before back. */
export function sidesOf(product: Pick<ParentProductDetail, 'images'>): string[] {
  const names = [...product.images]
    .sort((a, b) => a.orderNum - b.orderNum)
    .flatMap((image) => image.printAreas.map((area) => area.name));
  return [...new Set(names)];
}

/** SKU colours in the supplier's order. */
export function coloursOf(product: Pick<ParentProductDetail, 'skus'>): string[] {
  return [...new Set(product.skus.map((sku) => sku.color).filter(Boolean))];
}

export function sizesOf(product: Pick<ParentProductDetail, 'skus'>): string[] {
  return [...new Set(product.skus.map((sku) => sku.size).filter(Boolean))];
}

export interface Blank {
  image: ParentProductImage;
  area: PrintArea;
}

/**
 * The picture to design `side` on in `colour`: that colour's picture of the side, else one for
 * any colour, else the side's first picture (the product has no picture in that colour).
 */
export function blankFor(
  product: Pick<ParentProductDetail, 'images'>,
  side: string,
  colour: string,
): Blank | null {
  const withSide = [...product.images]
    .sort((a, b) => a.orderNum - b.orderNum)
    .filter((image) => image.printAreas.some((area) => area.name === side));
  const image =
    withSide.find((candidate) => candidate.color === colour) ??
    withSide.find((candidate) => candidate.color === '') ??
    withSide[0];
  const area = image?.printAreas.find((candidate) => candidate.name === side);
  return image && area ? { image, area } : null;
}
