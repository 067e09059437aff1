import { useState } from 'react';
import { Button, Empty, Modal, Radio, Skeleton, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Address } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import {
  deleteAddress,
  setDefaultAddress,
  useAddresses,
  useAddressMutation,
  useCountries,
} from '../api/addresses.ts';
import { AddressDialog, countryName } from './address-dialog.tsx';

interface AddressPickerProps {
  /** The address the settlement is priced for. */
  value: number | null;
  onChange: (id: number | null) => void;
}

type Editing = { address: Address | null } | null;

/** Saved addresses as cards (default first) to pick from, with add, edit, delete and "make default". */
export function AddressPicker({ value, onChange }: AddressPickerProps) {
  const { t, i18n } = useTranslation();
  const addresses = useAddresses();
  const countries = useCountries();
  const remove = useAddressMutation(deleteAddress);
  const makeDefault = useAddressMutation(setDefaultAddress);
  const [editing, setEditing] = useState<Editing>(null);

  const list = [...(addresses.data ?? [])].sort(
    (a, b) => Number(b.is_default) - Number(a.is_default),
  );
  const countryOf = (code: string) => {
    const country = countries.data?.find((c) => c.code === code);
    return country ? countryName(country, i18n.language) : code;
  };

  const confirmDelete = (address: Address) =>
    Modal.confirm({
      title: t('cart.checkout.address.deleteConfirm.title', { name: address.name }),
      okText: t('cart.checkout.address.deleteConfirm.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync(address.id)
          .then(() => {
            feedback.success(t('cart.checkout.address.deleted'));
            // The settlement falls back to the default address.
            if (value === address.id) onChange(null);
          })
          .catch(reportError),
    });

  const setAsDefault = (address: Address) =>
    makeDefault.mutate(address.id, {
      onSuccess: () => feedback.success(t('cart.checkout.address.defaultSet')),
      onError: (error) => reportError(error),
    });

  const addButton = (
    <Button icon={<PlusOutlined />} onClick={() => setEditing({ address: null })}>
      {t('cart.checkout.address.add')}
    </Button>
  );

  return (
    <section className="checkout-section" aria-labelledby="checkout-address-title">
      <div className="checkout-section__head">
        <h3 id="checkout-address-title">{t('cart.checkout.address.title')}</h3>
        {list.length > 0 && addButton}
      </div>
      {addresses.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cart.checkout.address.none')}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ address: null })}
          >
            {t('cart.checkout.address.add')}
          </Button>
        </Empty>
      ) : (
        <Radio.Group
          className="address-cards"
          value={value}
          onChange={(event) => onChange(event.target.value as number)}
          aria-labelledby="checkout-address-title"
        >
          {list.map((address) => (
            <div
              key={address.id}
              className={`address-card${value === address.id ? ' address-card--active' : ''}`}
              onClick={() => value !== address.id && onChange(address.id)}
            >
              <Radio value={address.id} className="address-card__radio">
                <strong>{address.name}</strong>
                <span className="address-card__phone">{address.phone}</span>
              </Radio>
              {address.is_default && (
                <Tag color="blue" className="address-card__default">
                  {t('cart.checkout.address.default')}
                </Tag>
              )}
              <p className="address-card__lines">
                {[address.address1, address.address2].filter(Boolean).join(', ')}
                <br />
                {[address.district, address.city, address.province, address.postcode]
                  .filter(Boolean)
                  .join(', ')}
                <br />
                {countryOf(address.country_code)}
              </p>
              <div className="address-card__actions" onClick={(event) => event.stopPropagation()}>
                <Button size="small" type="link" onClick={() => setEditing({ address })}>
                  {t('cart.checkout.address.edit')}
                </Button>
                {!address.is_default && (
                  <Button size="small" type="link" onClick={() => setAsDefault(address)}>
                    {t('cart.checkout.address.setDefault')}
                  </Button>
                )}
                <Button size="small" type="link" danger onClick={() => confirmDelete(address)}>
                  {t('cart.checkout.address.delete')}
                </Button>
              </div>
            </div>
          ))}
        </Radio.Group>
      )}
      {editing && (
        <AddressDialog
          address={editing.address}
          firstAddress={list.length === 0}
          onClose={(saved) => {
            setEditing(null);
            if (saved) onChange(saved.id);
          }}
        />
      )}
    </section>
  );
}
