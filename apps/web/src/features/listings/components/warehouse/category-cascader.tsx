import { useEffect, useState } from 'react';
import { Cascader } from 'antd';

export interface CategoryOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: CategoryOption[];
}

/**
 * A marketplace's category tree level by level (each level asked of the store's shop when
 * opened); the value is the chosen category's id. A saved category opens along its path where
 * `ancestorsOf` can spell it from the id (Shopify's can), else it shows as its id. `leafOnly`
 * (Temu, Shopee: only a leaf has a template) changes the value on a leaf only, so no template
 * is asked of a category that has none.
 */
export function CategoryCascader({
  marketId,
  load,
  ancestorsOf = (id) => [id],
  leafOnly = false,
  value,
  onChange,
  id,
}: {
  marketId: number;
  load: (marketId: number, parentId: string | null) => Promise<CategoryOption[]>;
  ancestorsOf?: (id: string) => string[];
  leafOnly?: boolean;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const [options, setOptions] = useState<CategoryOption[]>([]);
  const [path, setPath] = useState<string[]>([]);
  useEffect(() => {
    void load(marketId, null).then(setOptions);
  }, [marketId, load]);
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
    <Cascader<CategoryOption>
      id={id}
      options={options}
      value={known}
      changeOnSelect={!leafOnly}
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
