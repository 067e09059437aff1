import { useEffect, useState } from 'react';
import { Cascader } from 'antd';
import type { ListingCategoryList } from '@app/shared';
import { api } from '../../../../api/client.ts';

interface Option {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: Option[];
}

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

/**
 * Shopify's taxonomy level by level (each level asked of the store's shop when opened); the
 * value is the chosen category's id.
 */
export function ShopifyCategoryPicker({
  marketId,
  value,
  onChange,
  id,
}: {
  marketId: number;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const [options, setOptions] = useState<Option[]>([]);
  const [path, setPath] = useState<string[]>([]);
  useEffect(() => {
    void load(marketId, null).then(setOptions);
  }, [marketId]);
  // A saved category opens along its path, so its names show rather than its id.
  useEffect(() => {
    if (!value || path.at(-1) === value || options.length === 0) return;
    const ancestors = ancestorsOf(value);
    let level = options;
    void (async () => {
      for (const id of ancestors.slice(0, -1)) {
        const node = level.find((o) => o.value === id);
        if (!node) return;
        node.children ??= await load(marketId, id);
        level = node.children;
      }
      setPath(ancestors);
      setOptions((prev) => [...prev]);
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the top level is there
  }, [value, options.length, marketId]);
  const known = value && path.at(-1) === value ? path : value ? [value] : [];
  return (
    <Cascader<Option>
      id={id}
      options={options}
      value={known}
      changeOnSelect
      allowClear
      showSearch={false}
      displayRender={(labels) => labels.join(' > ')}
      loadData={(selected) => {
        const target = selected.at(-1)!;
        void load(marketId, target.value).then((children) => {
          target.children = children;
          setOptions((prev) => [...prev]);
        });
      }}
      onChange={(next) => {
        const ids = (next ?? []).map(String);
        setPath(ids);
        onChange?.(ids.at(-1) ?? '');
      }}
    />
  );
}
