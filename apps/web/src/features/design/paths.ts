import { paths } from '../../shared/paths.ts';

/** /design for a parent product, or for a saved design (with its product when known). */
export function designPath({
  product,
  design,
}: {
  product?: number | null;
  design?: number | null;
}): string {
  const query = new URLSearchParams();
  if (product) query.set('product', String(product));
  if (design) query.set('design', String(design));
  const qs = query.toString();
  return qs ? `${paths.design}?${qs}` : paths.design;
}
