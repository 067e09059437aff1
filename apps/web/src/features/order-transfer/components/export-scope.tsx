import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, type OrderMarket } from '@app/shared';
import { filterParts, type ExportQuery } from '../transfer-logic.ts';

/** What the export covers: the desk's selection or filter, each filter part as a tag. */
export function ExportScope({
  query,
  markets,
}: {
  query: ExportQuery;
  /** The seller's stores, to name a store filter. */
  markets: OrderMarket[] | undefined;
}) {
  const { t } = useTranslation();
  const parts = filterParts(query.filter);

  const describe = (field: string, value: string): string => {
    if (field === 'market_id') {
      return markets?.find((m) => String(m.id) === value)?.alias ?? `#${value}`;
    }
    if (field === 'status') return t(`orderTransfer.deskStatus.${value}`, { defaultValue: value });
    if (field === 'start_time' || field === 'end_time') return formatTimestamp(Number(value));
    if (field === 'single_quantity')
      return value === 'true' ? t('orderTransfer.yes') : t('orderTransfer.no');
    return value;
  };

  return (
    <section aria-label={t('orderTransfer.export.scope')} className="order-transfer-scope">
      <Typography.Title level={5}>{t('orderTransfer.export.scope')}</Typography.Title>
      <Typography.Paragraph data-testid="export-scope" style={{ marginBottom: 0 }}>
        {query.ids ? (
          <>
            {t('orderTransfer.export.selected', { count: query.ids.length })}{' '}
            {parts.length > 0 && t('orderTransfer.export.withinFilter')}
          </>
        ) : parts.length === 0 ? (
          t('orderTransfer.export.allOrders')
        ) : (
          t('orderTransfer.export.matching')
        )}
      </Typography.Paragraph>
      {parts.length > 0 && (
        <Flex wrap gap={6} style={{ marginTop: 8 }}>
          {parts.map((p) => (
            <Tag key={p.field}>
              {t(`orderTransfer.filter.${p.field}`, { defaultValue: p.field })}:{' '}
              {describe(p.field, p.value)}
            </Tag>
          ))}
        </Flex>
      )}
    </section>
  );
}
