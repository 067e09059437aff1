import { useMemo } from 'react';
import { Alert, Skeleton, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CategoryNode } from '@app/shared';
import { useCategoryTree } from '../api/goods-library.ts';
import { localName } from './product-title.ts';

const ALL = 'all';

function toTreeData(nodes: CategoryNode[], language: string): TreeDataNode[] {
  return nodes.map((node) => ({
    key: String(node.id),
    title: localName(node, language),
    children: toTreeData(node.children, language),
  }));
}

interface CategoryTreeProps {
  value: number | undefined;
  onChange: (categoryId: number | undefined) => void;
}

/** The left column: "All" plus the category tree; choosing a parent includes its children (the API does that). */
export function CategoryTreePanel({ value, onChange }: CategoryTreeProps) {
  const { t, i18n } = useTranslation();
  const tree = useCategoryTree();
  const treeData = useMemo<TreeDataNode[]>(
    () => [
      {
        key: ALL,
        title: t('goodsLibrary.allCategories'),
        children: toTreeData(tree.data ?? [], i18n.language),
      },
    ],
    [tree.data, t, i18n.language],
  );

  if (tree.isPending) return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  if (tree.isError)
    return <Alert type="warning" showIcon message={t('goodsLibrary.categoryLoadFailed')} />;

  return (
    <Tree
      className="library-tree"
      aria-label={t('goodsLibrary.categories')}
      blockNode
      defaultExpandAll
      treeData={treeData}
      selectedKeys={[value === undefined ? ALL : String(value)]}
      onSelect={(keys) => {
        const key = keys[0];
        // Clicking the selected node again would clear the selection; keep it instead.
        if (key === undefined) return;
        onChange(key === ALL ? undefined : Number(key));
      }}
    />
  );
}
