import type { ViewProps } from '../../../shared/view-props.ts';
import { FinishedList } from '../components/finished-list.tsx';
import { useCollectActions } from '../components/use-collect-actions.tsx';
import { editPath } from '../paths.ts';

/** /goods/collect: the seller's own finished products (kept alive between visits). */
export function CollectPage({ title }: ViewProps) {
  return (
    <FinishedList
      scope="private"
      title={title}
      hrefOf={(item) => editPath(item.id)}
      useActions={useCollectActions}
    />
  );
}
