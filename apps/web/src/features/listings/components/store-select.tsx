import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Store } from '@app/shared';
import { useAmazonStores } from '../api/listings.ts';

/** "Alias · United States" in the UI language. */
export function useStoreLabel() {
  const { i18n } = useTranslation();
  const zh = i18n.language.startsWith('zh');
  return (store: Pick<Store, 'alias' | 'site'>) =>
    `${store.alias} · ${zh ? store.site.nameZh : store.site.name}`;
}

interface StoreSelectProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  allowClear?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
  'aria-label'?: string;
}

/** The seller's usable Amazon stores, grouped by authorization region. */
export function StoreSelect(props: StoreSelectProps) {
  const stores = useAmazonStores();
  const labelOf = useStoreLabel();
  return (
    <Select<number>
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={stores.isLoading}
      options={(stores.data ?? []).map((group) => ({
        label: group.region,
        title: group.region,
        options: group.stores.map((store) => ({ value: store.id, label: labelOf(store) })),
      }))}
    />
  );
}
