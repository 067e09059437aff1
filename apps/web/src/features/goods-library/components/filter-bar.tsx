import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, DatePicker, Input, InputNumber, Segmented, Select, Space } from 'antd';
import { AppstoreOutlined, SearchOutlined, UnorderedListOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  minorToYuan,
  splitSortChoice,
  yuanToMinor,
  type LibraryView,
  type SortOrder,
} from '../url-filters.ts';

/** The filters every product list shares; each list maps `min`/`max` onto its own price fields. */
export interface FilterValues {
  keyword?: string;
  min?: number;
  max?: number;
  start_time?: number;
  end_time?: number;
  sort: string;
  order: SortOrder;
}

export type FilterPatch = Partial<FilterValues>;

interface FilterBarProps {
  values: FilterValues;
  sortChoices: readonly string[];
  sortLabel: (choice: string) => string;
  labels: { keyword: string; min: string; max: string };
  view: LibraryView;
  onApply: (patch: FilterPatch) => void;
  onReset: () => void;
  /** Without it the grid/table switch is hidden (the public catalogue shows cards only). */
  onViewChange?: (view: LibraryView) => void;
  /** Extra controls of one list (a category picker), placed before the date range. */
  children?: ReactNode;
}

/**
 * Text and price fields are drafts until Enter or Search (no request per keystroke); the date
 * range and the sort apply at once. The page remounts this bar when the URL changes, so the
 * drafts always start from what the results show.
 */
export function FilterBar({
  values,
  sortChoices,
  sortLabel,
  labels,
  view,
  onApply,
  onReset,
  onViewChange,
  children,
}: FilterBarProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(values.keyword ?? '');
  const [minYuan, setMinYuan] = useState<number | null>(minorToYuan(values.min));
  const [maxYuan, setMaxYuan] = useState<number | null>(minorToYuan(values.max));

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    let min = yuanToMinor(minYuan);
    let max = yuanToMinor(maxYuan);
    // A reversed range is what people mean the other way round, not an error worth a message.
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    onApply({ keyword: keyword.trim() || undefined, min, max });
  };

  const range: [Dayjs, Dayjs] | null =
    values.start_time !== undefined && values.end_time !== undefined
      ? [dayjs.unix(values.start_time), dayjs.unix(values.end_time)]
      : null;

  return (
    <form className="library-filters" onSubmit={submit} role="search">
      <Input
        className="library-filters__keyword"
        aria-label={labels.keyword}
        placeholder={labels.keyword}
        prefix={<SearchOutlined aria-hidden />}
        allowClear
        maxLength={100}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <Space.Compact className="library-filters__cost">
        <InputNumber
          aria-label={labels.min}
          placeholder={labels.min}
          min={0}
          precision={2}
          value={minYuan}
          onChange={setMinYuan}
          onPressEnter={() => submit()}
        />
        <InputNumber
          aria-label={labels.max}
          placeholder={labels.max}
          min={0}
          precision={2}
          value={maxYuan}
          onChange={setMaxYuan}
          onPressEnter={() => submit()}
        />
      </Space.Compact>
      {children}
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
      <Select<string>
        className="library-filters__sort"
        aria-label={t('goodsLibrary.filters.sort')}
        value={`${values.sort}_${values.order}`}
        options={sortChoices.map((choice) => ({ value: choice, label: sortLabel(choice) }))}
        onChange={(choice) => onApply(splitSortChoice(choice))}
      />
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
        {t('goodsLibrary.filters.search')}
      </Button>
      <Button onClick={onReset}>{t('goodsLibrary.filters.reset')}</Button>
      {onViewChange && (
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
      )}
    </form>
  );
}

/**
 * The bar's patch in a list's own field names: `min`/`max` become its price fields. A key the
 * bar sent as undefined clears that filter; a key it did not send leaves the filter alone.
 */
export function renamePricePatch<Q extends { sort: string }>(
  patch: FilterPatch,
  minKey: keyof Q & string,
  maxKey: keyof Q & string,
): Partial<Q> {
  const { min, max, ...rest } = patch;
  const renamed: Record<string, unknown> = { ...rest };
  if ('min' in patch) renamed[minKey] = min;
  if ('max' in patch) renamed[maxKey] = max;
  // The bar only offers the list's own sort choices, so `sort` is one of Q's.
  return renamed as Partial<Q>;
}
