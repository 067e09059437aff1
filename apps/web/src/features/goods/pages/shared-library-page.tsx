import type { ViewProps } from '../../../shared/view-props.ts';
import { FinishedList } from '../components/finished-list.tsx';
import { useSharedActions } from '../components/use-shared-actions.tsx';
import { sharedDetailPath } from '../paths.ts';

/** /goods/productHouseG: finished products sellers have shared; any of them can be copied. */
export function SharedLibraryPage({ title }: ViewProps) {
  return (
    <FinishedList
      scope="shared"
      title={title}
      hrefOf={(item) => sharedDetailPath(item.id)}
      useActions={useSharedActions}
    />
  );
}
