import type { Listing } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { temuApi } from '../api/temu.ts';
import { MarketEditor } from '../components/warehouse/market-editor.tsx';
import {
  MarketWarehouse,
  type WarehouseMarketConfig,
} from '../components/warehouse/market-warehouse.tsx';

const TEMU: WarehouseMarketConfig = {
  api: temuApi,
  ns: 'temuListings',
  path: '/goods/temuyun',
  Editor: (props: { id: number; onClose: () => void; onPublish: (l: Listing) => void }) => (
    <MarketEditor api={temuApi} {...props} />
  ),
};

/** /goods/temuyun: the Temu cloud warehouse. */
export function TemuyunPage({ title }: ViewProps) {
  return <MarketWarehouse title={title} market={TEMU} />;
}
