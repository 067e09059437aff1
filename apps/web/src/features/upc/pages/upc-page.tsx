import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { permOf } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { CodesPanel } from '../components/codes-panel.tsx';
import { SkuRulePanel } from '../components/sku-rule-panel.tsx';
import '../upc.css';

const PAGE = '/goods/upc';

/** /goods/upc: the seller's UPC / EAN pool and the SKU rule. The tab lives in the URL. */
export function UpcPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const canImport = useCan(permOf(PAGE, 'import'));
  const canDelete = useCan(permOf(PAGE, 'delete'));
  const tab = params.get('tab') === 'sku' ? 'sku' : 'codes';

  return (
    <Card className="page-card upc-page" variant="borderless" title={title}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'sku' ? { tab: 'sku' } : {}, { replace: true })}
        items={[
          {
            key: 'codes',
            label: t('upc.tabs.codes'),
            children: <CodesPanel canImport={canImport} canDelete={canDelete} />,
          },
          {
            key: 'sku',
            label: t('upc.tabs.sku'),
            children: <SkuRulePanel canEdit={canImport} />,
          },
        ]}
      />
    </Card>
  );
}
