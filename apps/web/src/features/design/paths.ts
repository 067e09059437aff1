import { useLocation } from 'react-router';
import { paths } from '../../shared/paths.ts';

/**
 * Where the design tool is open: inside the console (`/goods/design`) for signed-in sellers,
 * else the visitors' `/design`. Links within the tool stay where it is.
 */
export function useDesignBase(): string {
  return useLocation().pathname === paths.designer ? paths.designer : paths.design;
}

/** The design tool at `base` for a parent product, or for a saved design (with its product when known). */
export function designPath(
  base: string,
  {
    product,
    design,
  }: {
    product?: number | null;
    design?: number | null;
  },
): string {
  const query = new URLSearchParams();
  if (product) query.set('product', String(product));
  if (design) query.set('design', String(design));
  const qs = query.toString();
  return qs ? `${base}?${qs}` : base;
}
