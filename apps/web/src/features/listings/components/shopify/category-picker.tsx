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

/**
 * Shopify's taxonomy level by level (each level asked of the store's shop when opened); the
 * value is the chosen category's id. A saved category shows as its id until its path is opened.
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
