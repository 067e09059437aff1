import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddressInput, type Address, type Country, type Region } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import {
  addAddress,
  editAddress,
  useAddressMutation,
  useCountries,
  useRegions,
} from '../api/addresses.ts';

type Values = Omit<Address, 'id'>;

const BLANK: Values = {
  name: '',
  phone: '',
  country_code: 'US',
  province: '',
  city: '',
  district: '',
  address1: '',
  address2: '',
  postcode: '',
  is_default: false,
};

export function countryName(country: Country, language: string): string {
  return language === 'en' ? country.name_en : country.name;
}

/** Labels go on the parcel: Chinese region names inside China, English ones abroad. */
function regionValue(region: Region, countryCode: string): string {
  return countryCode === 'CN' ? region.name : region.name_en;
}

interface AddressDialogProps {
  /** The address to edit, or null for a new one. */
  address: Address | null;
  /** With no saved address yet, the new one starts ticked as the default. */
  firstAddress: boolean;
  onClose: (saved?: Address) => void;
}

/** Adds or edits a shipping address; rendered only while open. */
export function AddressDialog({ address, firstAddress, onClose }: AddressDialogProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const rules = useZodRules(AddressInput);
  const countries = useCountries();
  const countryCode =
    Form.useWatch('country_code', form) ?? address?.country_code ?? BLANK.country_code;
  const regions = useRegions(countryCode);
  const add = useAddressMutation(addAddress);
  const edit = useAddressMutation(editAddress);
  const saving = add.isPending || edit.isPending;
  const country = countries.data?.find((c) => c.code === countryCode);
  const regionList = regions.data ?? [];

  const submit = (values: Values) => {
    const options = {
      onSuccess: (saved: Address) => {
        feedback.success(t('cart.checkout.address.saved'));
        onClose(saved);
      },
      onError: (error: unknown) => reportError(error, form),
    };
    if (address) edit.mutate({ ...values, id: address.id }, options);
    else add.mutate(values, options);
  };

  return (
    <Modal
      open
      title={t(address ? 'cart.checkout.form.editTitle' : 'cart.checkout.form.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose()}
      width={620}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="address"
        layout="vertical"
        requiredMark
        initialValues={address ?? { ...BLANK, is_default: firstAddress }}
        onFinish={submit}
        className="cart-address-form"
      >
        <div className="cart-address-form__row">
          <Form.Item
            name="name"
            label={t('cart.checkout.form.name')}
            rules={rules('name')}
            required
          >
            <Input maxLength={100} autoFocus autoComplete="name" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('cart.checkout.form.phone')}
            rules={rules('phone')}
            required
          >
            <Input
              maxLength={30}
              autoComplete="tel"
              inputMode="tel"
              placeholder={country ? `+${country.phone_prefix.replace(/^\+/, '')}` : undefined}
            />
          </Form.Item>
        </div>
        <div className="cart-address-form__row">
          <Form.Item
            name="country_code"
            label={t('cart.checkout.form.country')}
            rules={rules('country_code')}
            required
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={countries.isPending}
              placeholder={t('cart.checkout.form.countryPlaceholder')}
              onChange={() => form.setFieldValue('province', '')}
              options={(countries.data ?? []).map((c) => ({
                value: c.code,
                label: `${countryName(c, i18n.language)} (${c.code})`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="province"
            label={t('cart.checkout.form.province')}
            rules={rules('province')}
            // An empty province would hide the region select's placeholder.
            getValueProps={(value: string) => ({ value: value || undefined })}
            normalize={(value?: string) => value ?? ''}
          >
            {regionList.length > 0 ? (
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                placeholder={t('cart.checkout.form.provincePlaceholder')}
                options={regionList.map((r) => ({
                  value: regionValue(r, countryCode),
                  label: i18n.language === 'en' ? r.name_en : r.name,
                }))}
              />
            ) : (
              <Input maxLength={100} autoComplete="address-level1" />
            )}
          </Form.Item>
        </div>
        <div className="cart-address-form__row">
          <Form.Item
            name="city"
            label={t('cart.checkout.form.city')}
            rules={rules('city')}
            required
          >
            <Input maxLength={100} autoComplete="address-level2" />
          </Form.Item>
          <Form.Item
            name="district"
            label={t('cart.checkout.form.district')}
            rules={rules('district')}
          >
            <Input maxLength={100} autoComplete="address-level3" />
          </Form.Item>
        </div>
        <Form.Item
          name="address1"
          label={t('cart.checkout.form.address1')}
          rules={rules('address1')}
          required
        >
          <Input maxLength={200} autoComplete="address-line1" />
        </Form.Item>
        <div className="cart-address-form__row">
          <Form.Item
            name="address2"
            label={t('cart.checkout.form.address2')}
            rules={rules('address2')}
          >
            <Input
              maxLength={200}
              autoComplete="address-line2"
              placeholder={t('cart.checkout.form.address2Hint')}
            />
          </Form.Item>
          <Form.Item
            name="postcode"
            label={t('cart.checkout.form.postcode')}
            rules={rules('postcode')}
          >
            <Input maxLength={20} autoComplete="postal-code" />
          </Form.Item>
        </div>
        <Form.Item name="is_default" valuePropName="checked">
          <Checkbox>{t('cart.checkout.form.isDefault')}</Checkbox>
        </Form.Item>
        {/* Enter in a field submits the form only when it has a submit button. */}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
