import { useState } from 'react';
import { Button, DatePicker, Select, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  MARKETPLACE_NAMES,
  MARKETPLACES,
  STAT_GROUPS,
  STAT_RANGES,
  type Marketplace,
  type RankListFilter,
  type StatView,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { saveBlob } from '../../../shared/save-blob.ts';
import { exportStatistics, useStatStores } from '../api/statistics.ts';

type Patch = Partial<RankListFilter>;

/**
 * The filter bar every statistics page shares: a preset or custom date range, the grouping
 * (when the page charts over time), a store and a marketplace, and the xlsx export of the table.
 */
export function StatFilters({
  query,
  onChange,
  view,
  grouping = true,
}: {
  query: RankListFilter;
  onChange: (patch: Patch) => void;
  view: StatView;
  grouping?: boolean;
}) {
  const { t } = useTranslation();
  const stores = useStatStores();
  const [exporting, setExporting] = useState(false);
  const custom = query.range === 'custom';

  const download = async () => {
    setExporting(true);
    try {
      const file = `statistics-${view}-${dayjs().format('YYYYMMDD')}.xlsx`;
      saveBlob(await exportStatistics(view, query), file);
      feedback.success(t('statistics.exported', { file }));
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="stat-filters">
      <Space wrap>
        <Select
          aria-label={t('statistics.filters.range')}
          style={{ width: 140 }}
          value={query.range}
          onChange={(range) =>
            onChange(
              range === 'custom'
                ? {
                    range,
                    start_date: dayjs().subtract(6, 'day').format('YYYY-MM-DD'),
                    end_date: dayjs().format('YYYY-MM-DD'),
                  }
                : { range, start_date: undefined, end_date: undefined },
            )
          }
          options={STAT_RANGES.map((r) => ({ value: r, label: t(`statistics.ranges.${r}`) }))}
        />
        {custom && (
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(query.start_date), dayjs(query.end_date)]}
            onChange={(range) => {
              if (!range?.[0] || !range[1]) return;
              onChange({
                start_date: range[0].format('YYYY-MM-DD'),
                end_date: range[1].format('YYYY-MM-DD'),
              });
            }}
          />
        )}
        {grouping && (
          <Select
            aria-label={t('statistics.filters.group')}
            style={{ width: 110 }}
            value={query.group}
            onChange={(group) => onChange({ group })}
            options={STAT_GROUPS.map((g) => ({ value: g, label: t(`statistics.groups.${g}`) }))}
          />
        )}
        <Select
          aria-label={t('statistics.filters.store')}
          style={{ width: 180 }}
          value={query.market_id ?? 0}
          onChange={(id) => onChange({ market_id: id || undefined })}
          options={[
            { value: 0, label: t('statistics.filters.allStores') },
            ...(stores.data ?? []).map((s) => ({
              value: s.id,
              label: `${s.alias} · ${MARKETPLACE_NAMES[s.marketplace]}`,
            })),
          ]}
        />
        <Select
          aria-label={t('statistics.filters.marketplace')}
          style={{ width: 150 }}
          value={query.source ?? ''}
          onChange={(source: Marketplace | '') => onChange({ source: source || undefined })}
          options={[
            { value: '', label: t('statistics.filters.allMarketplaces') },
            ...MARKETPLACES.map((m) => ({ value: m, label: MARKETPLACE_NAMES[m] })),
          ]}
        />
      </Space>
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
        {t('statistics.export')}
      </Button>
    </div>
  );
}
