import { useDeferredValue, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FinishedProductSummary } from '@app/shared';
import { ProductImage } from '../../goods-library/index.ts';
import { useFinishedProducts } from '../api/finished-products.ts';
import { finishedFilters } from '../url-filters.ts';

const PICK_PAGE = 20;

interface ProductSelectProps {
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  multiple?: boolean;
  value?: number | number[];
  onChange?: (value: number | number[] | undefined) => void;
  /** Products that may not be chosen (the product itself, when picking its relations). */
  exclude?: readonly number[];
  allowClear?: boolean;
  /** Already chosen products that the current search may not return, so they keep their title. */
  known?: readonly FinishedProductSummary[];
}

/** Picks products from the seller's own library, searching titles and SKU codes as one types. */
export function ProductSelect({
  multiple = false,
  exclude = [],
  onChange,
  known = [],
  ...rest
}: ProductSelectProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const products = useFinishedProducts('private', {
    ...finishedFilters.defaults,
    keyword: deferred || undefined,
    size: PICK_PAGE,
  });
  const found = products.data?.list ?? [];
  const options = [...known.filter((k) => !found.some((f) => f.id === k.id)), ...found]
    .filter((item) => !exclude.includes(item.id))
    .map((item) => ({
      value: item.id,
      title: item.title,
      label: (
        <span className="goods-pick">
          <ProductImage src={item.image} alt="" className="goods-pick__image" />
          <span className="goods-pick__title">{item.title}</span>
        </span>
      ),
    }));

  return (
    <Select<number | number[]>
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={products.isFetching}
      notFoundContent={
        products.isPending ? t('goods.relative.searching') : t('goods.relative.none')
      }
      options={options}
      optionLabelProp="title"
      onChange={(value) => onChange?.(value)}
      style={{ width: '100%' }}
    />
  );
}
