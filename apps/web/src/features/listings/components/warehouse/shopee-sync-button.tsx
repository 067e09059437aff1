import { Button } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { permOf } from '@app/shared';
import { reportError } from '../../../../api/form-errors.ts';
import { useCan } from '../../../../shared/can.tsx';
import { feedback } from '../../../../shared/feedback.ts';
import { useShopeeSync } from '../../api/shopee.ts';

/** "Synchronise items" for the shop chosen in the filter (spec 4: Shopee goods synchronisation). */
export function ShopeeSyncButton({ storeId }: { storeId: number | null }) {
  const { t } = useTranslation();
  const sync = useShopeeSync();
  if (!useCan(permOf('/goods/shopeeyun', 'sync'))) return null;
  const run = () => {
    if (storeId === null) {
      feedback.warning(t('shopeeListings.sync.chooseStore'));
      return;
    }
    sync.mutate(
      { market_id: storeId },
      {
        onSuccess: (result) => feedback.success(t('shopeeListings.sync.done', result)),
        onError: (error) => reportError(error),
      },
    );
  };
  return (
    <Button icon={<SyncOutlined />} loading={sync.isPending} onClick={run}>
      {t('shopeeListings.sync.action')}
    </Button>
  );
}
