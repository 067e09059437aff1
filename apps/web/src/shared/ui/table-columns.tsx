import { useMemo, useState, type ReactNode } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../auth/auth-store.ts';
import { useOperatorStore } from '../auth/operator-store.ts';

type Column<T> = TableColumnsType<T>[number];

/** Every column of these tables has a `key`: it names the column in the saved choice. */
const keyOf = <T,>(column: Column<T>): string => String(column.key);

/** No preference store on the server yet: the choice stays in this browser, per user. */
function storageKey(owner: string, table: string): string {
  return `table-columns:${owner}:${table}`;
}

function readHidden(key: string): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function labelOf<T>(column: Column<T>): ReactNode {
  return typeof column.title === 'function' ? keyOf(column) : (column.title ?? keyOf(column));
}

export interface TableColumns<T> {
  /** The shown columns, the first fixed on the left and the last on the right. */
  columns: TableColumnsType<T>;
  /** Wider than the screen scrolls sideways, the fixed columns staying in view. */
  scroll: { x: 'max-content' };
  /** The settings button with its popover: show or hide each middle column. */
  settings: ReactNode;
}

/**
 * The one way wide lists fit a 1440 px screen: the first column (what the row is) and the
 * last (its actions) stay fixed while the rest scrolls, and the user hides the columns they do
 * not need, remembered per user and table. `table` names the list (`orders.desk`).
 */
export function useTableColumns<T>(
  table: string,
  all: TableColumnsType<T>,
  scope: 'seller' | 'operator' = 'seller',
): TableColumns<T> {
  const { t } = useTranslation();
  const sellerUser = useAuthStore((s) => s.userInfo?.id ?? null);
  const operator = useOperatorStore((s) => s.username);
  const owner = scope === 'seller' ? `user-${sellerUser ?? 'none'}` : `operator-${operator ?? ''}`;
  const key = storageKey(owner, table);
  const [choice, setChoice] = useState<{ key: string; hidden: string[] }>(() => ({
    key,
    hidden: readHidden(key),
  }));
  // Another user signed in (or the table changed): read their choice.
  const hidden = choice.key === key ? choice.hidden : readHidden(key);

  const first = all[0] && keyOf(all[0]);
  const last = all.length > 2 ? keyOf(all[all.length - 1]!) : undefined;
  const pinned = (k: string) => k === first || k === last;

  const toggle = (k: string, show: boolean) => {
    const next = show ? hidden.filter((h) => h !== k) : [...hidden, k];
    localStorage.setItem(key, JSON.stringify(next));
    setChoice({ key, hidden: next });
  };

  const columns = useMemo(
    () =>
      all
        .filter((c) => keyOf(c) === first || keyOf(c) === last || !hidden.includes(keyOf(c)))
        .map((c) =>
          keyOf(c) === first
            ? { ...c, fixed: 'left' as const }
            : keyOf(c) === last
              ? { ...c, fixed: 'right' as const }
              : c,
        ),
    [all, hidden, first, last],
  );

  const settings = (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('tableColumns.title')}
      content={
        <Space orientation="vertical" size={4} className="table-columns__list">
          {all.map((c) => (
            <Checkbox
              key={keyOf(c)}
              checked={pinned(keyOf(c)) || !hidden.includes(keyOf(c))}
              disabled={pinned(keyOf(c))}
              onChange={(e) => toggle(keyOf(c), e.target.checked)}
            >
              {labelOf(c)}
            </Checkbox>
          ))}
        </Space>
      }
    >
      <Tooltip title={t('tableColumns.title')}>
        <Button
          size="small"
          icon={<SettingOutlined />}
          aria-label={t('tableColumns.title')}
          className="table-columns__button"
        />
      </Tooltip>
    </Popover>
  );

  return { columns, scroll: { x: 'max-content' }, settings };
}
