import { useState, type FormEvent } from 'react';
import { Button, DatePicker, Input, InputNumber, Segmented, Select, Space } from 'antd';
import { AppstoreOutlined, SearchOutlined, UnorderedListOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ParentProductListQuery } from '@app/shared';
import {
  minorToYuan,
  SORT_CHOICES,
  yuanToMinor,
  type LibraryView,
  type SortChoice,
} from '../url-filters.ts';

export type FilterPatch = Partial<ParentProductListQuery>;

interface FilterBarProps {
  query: ParentProductListQuery;
  view: LibraryView;
  onApply: (patch: FilterPatch) => void;
  onReset: () => void;
  onViewChange: (view: LibraryView) => void;
}

/**
 * Text and cost fields are drafts until Enter or Search (no request per keystroke); the date
 * range and the sort apply at once. The page remounts this bar when the URL changes, so the
 * drafts always start from what the results show.
 */
export function FilterBar({ query, view, onApply, onReset, onViewChange }: FilterBarProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  const [minYuan, setMinYuan] = useState<number | null>(minorToYuan(query.min_cost));
  const [maxYuan, setMaxYuan] = useState<number | null>(minorToYuan(query.max_cost));

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    let min = yuanToMinor(minYuan);
    let max = yuanToMinor(maxYuan);
    // A reversed range is what people mean the other way round, not an error worth a message.
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    onApply({ keyword: keyword.trim() || undefined, min_cost: min, max_cost: max });
  };

  const range: [Dayjs, Dayjs] | null =
    query.start_time !== undefined && query.end_time !== undefined
      ? [dayjs.unix(query.start_time), dayjs.unix(query.end_time)]
      : null;

  return (
    <form className="library-filters" onSubmit={submit} role="search">
      <Input
        className="library-filters__keyword"
        aria-label={t('goodsLibrary.filters.keyword')}
        placeholder={t('goodsLibrary.filters.keyword')}
        prefix={<SearchOutlined aria-hidden />}
        allowClear
        maxLength={100}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <Space.Compact className="library-filters__cost">
        <InputNumber
          aria-label={t('goodsLibrary.filters.minCost')}
          placeholder={t('goodsLibrary.filters.minCost')}
          min={0}
          precision={2}
          value={minYuan}
          onChange={setMinYuan}
          onPressEnter={() => submit()}
        />
        <InputNumber
          aria-label={t('goodsLibrary.filters.maxCost')}
          placeholder={t('goodsLibrary.filters.maxCost')}
          min={0}
          precision={2}
          value={maxYuan}
          onChange={setMaxYuan}
          onPressEnter={() => submit()}
        />
      </Space.Compact>
      <DatePicker.RangePicker
        aria-label={t('goodsLibrary.filters.dateRange')}
        placeholder={[t('goodsLibrary.filters.startDate'), t('goodsLibrary.filters.endDate')]}
        value={range}
        onChange={(dates) =>
          onApply({
            start_time: dates?.[0]?.startOf('day').unix(),
            end_time: dates?.[1]?.endOf('day').unix(),
          })
        }
      />
      <Select<SortChoice>
        className="library-filters__sort"
        aria-label={t('goodsLibrary.filters.sort')}
        value={`${query.sort}_${query.order}`}
        options={SORT_CHOICES.map((choice) => ({
          value: choice,
          label: t(`goodsLibrary.sorts.${choice}`),
        }))}
        onChange={(choice) => {
          const cut = choice.lastIndexOf('_');
          onApply({
            sort: choice.slice(0, cut) as ParentProductListQuery['sort'],
            order: choice.slice(cut + 1) as ParentProductListQuery['order'],
          });
        }}
      />
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
        {t('goodsLibrary.filters.search')}
      </Button>
      <Button onClick={onReset}>{t('goodsLibrary.filters.reset')}</Button>
      <Segmented<LibraryView>
        className="library-filters__view"
        aria-label={t('goodsLibrary.view.label')}
        value={view}
        onChange={onViewChange}
        options={[
          {
            value: 'grid',
            icon: <AppstoreOutlined />,
            label: t('goodsLibrary.view.grid'),
          },
          {
            value: 'table',
            icon: <UnorderedListOutlined />,
            label: t('goodsLibrary.view.table'),
          },
        ]}
      />
    </form>
  );
}
