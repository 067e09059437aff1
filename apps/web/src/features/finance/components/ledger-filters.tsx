import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LedgerKind, LedgerQuery } from '@app/shared';
import { dayEnd, dayStart } from '../money.ts';

const ALL = 'all';

interface LedgerFiltersProps {
  query: LedgerQuery;
  /** The kinds offered; none hides the kind select. */
  kinds?: readonly LedgerKind[];
  onChange: (patch: Pick<LedgerQuery, 'kind' | 'start' | 'end'>) => void;
}

/** Kind and a date range of whole local days (start inclusive, end exclusive, as the API wants). */
export function LedgerFilters({ query, kinds, onChange }: LedgerFiltersProps) {
  const { t } = useTranslation();
  const range: [Dayjs, Dayjs] | null =
    query.start !== undefined && query.end !== undefined
      ? [dayjs.unix(query.start), dayjs.unix(query.end - 1)]
      : null;

  return (
    <Space wrap>
      {kinds && (
        <Select<LedgerKind | typeof ALL>
          className="finance-filter"
          aria-label={t('finance.ledger.columns.kind')}
          value={query.kind ?? ALL}
          onChange={(value) =>
            onChange({
              kind: value === ALL ? undefined : value,
              start: query.start,
              end: query.end,
            })
          }
          options={[
            { value: ALL, label: t('finance.allKinds') },
            ...kinds.map((kind) => ({ value: kind, label: t(`finance.kinds.${kind}`) })),
          ]}
        />
      )}
      <DatePicker.RangePicker
        aria-label={t('finance.dateRange')}
        value={range}
        allowClear
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          onChange({
            kind: query.kind,
            start: from ? dayStart(from.toDate()) : undefined,
            end: to ? dayEnd(to.toDate()) : undefined,
          });
        }}
      />
    </Space>
  );
}
