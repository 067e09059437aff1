import { Button, DatePicker, Input, Tabs } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LISTING_STATUSES,
  type ListingIndexQuery,
  type ListingPage,
  type ListingStatus,
} from '@app/shared';
import { StoreSelect } from '../store-select.tsx';

const ALL = 'all';

/** The filter row (store, keyword, dates, reset) and the status tabs with their counts. */
export function ListingFilters({
  query,
  defaults,
  counts,
  update,
}: {
  query: ListingIndexQuery;
  defaults: ListingIndexQuery;
  counts: ListingPage['counts'] | undefined;
  update: (patch: Partial<ListingIndexQuery>) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabCount = (status: ListingStatus | typeof ALL) =>
    counts
      ? status === ALL
        ? Object.values(counts).reduce((a, b) => a + b, 0)
        : (counts[status] ?? 0)
      : undefined;

  return (
    <>
      <div className="listings-filters" role="search">
        <StoreSelect
          aria-label={t('listings.filters.store')}
          className="listings-filters__store"
          allowClear
          placeholder={t('listings.filters.allStores')}
          value={query.market_id}
          onChange={(value) => update({ market_id: value ?? undefined })}
        />
        <Input.Search
          key={query.keyword ?? ''}
          className="listings-filters__keyword"
          aria-label={t('listings.filters.keyword')}
          placeholder={t('listings.filters.keyword')}
          defaultValue={query.keyword}
          allowClear
          onSearch={(value) => update({ keyword: value.trim() || undefined })}
        />
        <DatePicker.RangePicker
          aria-label={t('listings.filters.dates')}
          value={
            query.start_time !== undefined && query.end_time !== undefined
              ? [dayjs.unix(query.start_time), dayjs.unix(query.end_time)]
              : null
          }
          onChange={(range) =>
            update({
              start_time: range?.[0]?.startOf('day').unix(),
              end_time: range?.[1]?.endOf('day').unix(),
            })
          }
        />
        <Button onClick={() => update({ ...defaults, status: query.status })}>
          {t('listings.filters.reset')}
        </Button>
        <div className="listings-filters__spacer" />
        <Button icon={<CloudUploadOutlined />} onClick={() => void navigate('/goods/collect')}>
          {t('listings.actions.create')}
        </Button>
      </div>
      <Tabs
        activeKey={query.status ?? ALL}
        onChange={(key) => update({ status: key === ALL ? undefined : (key as ListingStatus) })}
        items={([ALL, ...LISTING_STATUSES] as const).map((status) => {
          const count = tabCount(status);
          return {
            key: status,
            label: `${status === ALL ? t('listings.filters.all') : t(`listings.status.${status}`)}${
              count === undefined ? '' : ` (${count})`
            }`,
          };
        })}
      />
    </>
  );
}
