import type { ListingCategoryList } from '@app/shared';
import { api } from '../../../../api/client.ts';
import { CategoryCascader } from '../warehouse/category-cascader.tsx';

const load = (marketId: number, parentId: string | null) =>
  api
    .get<ListingCategoryList>('/shopify/publish/get-category', {
      market_id: marketId,
      ...(parentId ? { parent_id: parentId } : {}),
    })
    .then(({ list }) => list.map((c) => ({ value: c.id, label: c.name, isLeaf: c.leaf })));

const TAXONOMY_GID = 'gid://shopify/TaxonomyCategory/';

/** `…/aa-1-13` → the ids of `aa`, `aa-1`, `aa-1-13`: taxonomy ids spell their path. */
function ancestorsOf(id: string): string[] {
  if (!id.startsWith(TAXONOMY_GID)) return [id];
  const parts = id.slice(TAXONOMY_GID.length).split('-');
  return parts.map((_, i) => `${TAXONOMY_GID}${parts.slice(0, i + 1).join('-')}`);
}

/** Shopify's taxonomy, level by level; the value is the chosen category's id. */
export function ShopifyCategoryPicker(props: {
  marketId: number;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  return <CategoryCascader {...props} load={load} ancestorsOf={ancestorsOf} />;
}
