import { Button, Dropdown, Tabs } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '@app/shared';
import { menuLabel } from '../../shared/i18n/menu-label.ts';
import { tabHref } from '../tabs/tabs.ts';
import { useTabsStore } from '../tabs/tabs-store.ts';

/** The process tabs of spec 2: click to switch, × to close, and bulk close from the menu. */
export function TabStrip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useTabsStore((s) => s.tabs);
  const { remove, keepOnly, reset } = useTabsStore.getState();
  const active = tabs.find((tab) => tab.active);

  const close = (path: string) => {
    const next = remove(path);
    if (next) navigate(tabHref(next));
  };

  return (
    <div className="app-tabs">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active?.value ?? ''}
        onChange={(key) => {
          const tab = tabs.find((candidate) => candidate.value === key);
          if (tab) navigate(tabHref(tab));
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.value,
          label: tab.value === HOME_PATH ? t('tabs.home') : menuLabel(t, tab.label),
          closable: tab.value !== HOME_PATH,
        }))}
      />
      {/* Beside the tabs, not in antd's tablist: a tablist may hold only tabs (WAI-ARIA). */}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'current',
              label: t('tabs.closeCurrent'),
              disabled: !active || active.value === HOME_PATH,
            },
            { key: 'others', label: t('tabs.closeOthers') },
            { key: 'all', label: t('tabs.closeAll') },
          ],
          onClick: ({ key }) => {
            if (key === 'current' && active) close(active.value);
            if (key === 'others') keepOnly(active?.value ?? HOME_PATH);
            if (key === 'all') {
              reset();
              navigate(HOME_PATH);
            }
          },
        }}
      >
        <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('tabs.actions')} />
      </Dropdown>
    </div>
  );
}
