import { Card, Tabs } from 'antd';
import { permOf } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { ExportPanel } from '../components/export-panel.tsx';
import { ImportMemosPanel } from '../components/import-memos-panel.tsx';
import { ImportOrdersPanel } from '../components/import-orders-panel.tsx';
import '../order-transfer.css';

const PAGE = '/newOrder';
const TABS = ['import', 'memos', 'export'] as const;
type Tab = (typeof TABS)[number];

/**
 * /newOrder/import: import orders, import memos, export orders. The desk links here with
 * `?tab=export&<its filter>&ids=1,2,3`; the tab is kept in the URL with the rest of the query.
 */
export function OrderImportPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const allowed: Record<Tab, boolean> = {
    import: useCan(permOf(PAGE, 'import')),
    memos: useCan(permOf(PAGE, 'memo')),
    export: useCan(permOf(PAGE, 'export')),
  };
  const tabs = TABS.filter((tab) => allowed[tab]);
  const asked = params.get('tab') as Tab | null;
  const active = asked && tabs.includes(asked) ? asked : tabs[0];
  const panels: Record<Tab, React.ReactNode> = {
    import: <ImportOrdersPanel />,
    memos: <ImportMemosPanel />,
    export: <ExportPanel />,
  };

  return (
    <Card className="page-card order-transfer-page" variant="borderless" title={title}>
      <Tabs
        activeKey={active}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          next.set('tab', key);
          setParams(next, { replace: true });
        }}
        items={tabs.map((tab) => ({
          key: tab,
          label: t(`orderTransfer.tabs.${tab}`),
          children: panels[tab],
        }))}
      />
    </Card>
  );
}
