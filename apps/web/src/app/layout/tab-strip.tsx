import type { KeyboardEvent } from 'react';
import { Button, Dropdown, Tabs } from 'antd';
import { CloseOutlined, MoreOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '@app/shared';
import { menuLabel } from '../../shared/i18n/menu-label.ts';
import { tabHref } from '../tabs/tabs.ts';
import { useTabsStore } from '../tabs/tabs-store.ts';

/**
 * The process tabs of spec 2: click to switch, × (or Delete on a focused tab) to close, and bulk
 * close from the menu. The × is drawn inside the tab and hidden from assistive technology: antd's
 * own close buttons sit in the tablist, which may hold only tabs (WAI-ARIA, axe
 * aria-required-children); the menu beside the strip closes the current tab for them.
 */
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

  const closeFocused = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Delete' && event.key !== 'Backspace') return;
    const key = (event.target as HTMLElement)
      .closest('[data-node-key]')
      ?.getAttribute('data-node-key');
    if (key && key !== HOME_PATH) close(key);
  };

  return (
    <div className="app-tabs" onKeyDown={closeFocused}>
      <Tabs
        type="card"
        size="small"
        activeKey={active?.value ?? ''}
        onChange={(key) => {
          const tab = tabs.find((candidate) => candidate.value === key);
          if (tab) navigate(tabHref(tab));
        }}
        items={tabs.map((tab) => ({
          key: tab.value,
          label:
            tab.value === HOME_PATH ? (
              t('tabs.home')
            ) : (
              <>
                {menuLabel(t, tab.label)}
                <CloseOutlined
                  aria-hidden
                  className="app-tabs__close"
                  onClick={(event) => {
                    event.stopPropagation();
                    close(tab.value);
                  }}
                />
              </>
            ),
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
