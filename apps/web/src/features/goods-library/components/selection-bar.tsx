import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface SelectionBarProps {
  count: number;
  onClear: () => void;
  /** Batch actions; shown only while something is selected. */
  children: ReactNode;
}

/** The batch-action strip above a list: how many are selected, what can be done with them. */
export function SelectionBar({ count, onClear, children }: SelectionBarProps) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <div className="library-selection" role="toolbar" aria-label={t('goodsLibrary.batch.label')}>
      <span className="library-selection__count">
        {t('goodsLibrary.batch.selected', { count })}
      </span>
      <Space wrap size={8}>
        {children}
        <Button type="link" onClick={onClear}>
          {t('goodsLibrary.batch.clear')}
        </Button>
      </Space>
    </div>
  );
}
