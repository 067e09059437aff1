import { Button, Checkbox, Flex, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExportColumn } from '@app/shared';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { IconAction } from '../../../shared/ui/icon-action.tsx';
import { defaultColumns, moveColumn, type PickedColumn } from '../transfer-logic.ts';

/** The export's columns: each on or off and in order; select all, or back to the defaults. */
export function ExportColumns({
  columns,
  catalogue,
  onChange,
}: {
  columns: PickedColumn[] | null;
  catalogue: ExportColumn[] | undefined;
  onChange: (columns: PickedColumn[] | null) => void;
}) {
  const { t } = useTranslation();
  const byKey = new Map<string, ExportColumn>((catalogue ?? []).map((c) => [c.key, c]));
  const labelOf = (key: string) => {
    const c = byKey.get(key);
    if (!c) return key;
    return currentLanguage() === 'zh-CN' ? c.label_zh : c.label_en;
  };

  return (
    <section aria-label={t('orderTransfer.export.columns')}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={5} style={{ marginBottom: 0 }}>
            {t('orderTransfer.export.columns')}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('orderTransfer.export.columnsHint')}
          </Typography.Text>
        </div>
        <Flex gap={8}>
          <Button
            size="small"
            onClick={() => onChange(columns && columns.map((x) => ({ ...x, on: true })))}
          >
            {t('orderTransfer.export.selectAll')}
          </Button>
          <Button size="small" onClick={() => catalogue && onChange(defaultColumns(catalogue))}>
            {t('orderTransfer.export.reset')}
          </Button>
        </Flex>
      </Flex>
      <ol className="order-transfer-columns" data-testid="export-columns">
        {(columns ?? []).map((column, index) => (
          <li key={column.key} className={column.on ? 'is-on' : undefined}>
            <Checkbox
              checked={column.on}
              onChange={(e) =>
                onChange(
                  columns &&
                    columns.map((x, i) => (i === index ? { ...x, on: e.target.checked } : x)),
                )
              }
            >
              {labelOf(column.key)}
            </Checkbox>
            {byKey.get(column.key)?.level === 'item' && (
              <Tag variant="filled">{t('orderTransfer.export.itemLevel')}</Tag>
            )}
            <span className="order-transfer-move">
              <IconAction
                label={t('orderTransfer.export.moveUp', { name: labelOf(column.key) })}
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => onChange(columns && moveColumn(columns, index, -1))}
              />
              <IconAction
                label={t('orderTransfer.export.moveDown', { name: labelOf(column.key) })}
                icon={<ArrowDownOutlined />}
                disabled={index === (columns?.length ?? 0) - 1}
                onClick={() => onChange(columns && moveColumn(columns, index, 1))}
              />
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
