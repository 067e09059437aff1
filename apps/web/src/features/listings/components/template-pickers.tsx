import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListingTemplateChoice, TextTemplateKind } from '@app/shared';
import { usePricingTemplateOptions, useTextTemplateOptions } from '../api/listings.ts';

/** The create call's template slots and the text template kind each one reads. */
export const TEMPLATE_SLOTS: ReadonlyArray<[keyof ListingTemplateChoice, TextTemplateKind]> = [
  ['goods_item', 'goods-item'],
  ['five_point', 'five-point-describe'],
  ['keyword', 'keyword'],
  ['describe', 'describe'],
];

function TextTemplateSelect({
  slot,
  kind,
}: {
  slot: keyof ListingTemplateChoice;
  kind: TextTemplateKind;
}) {
  const { t } = useTranslation();
  const options = useTextTemplateOptions(kind);
  return (
    <Form.Item name={['templates', slot]} label={t(`listings.create.kinds.${slot}`)}>
      <Select
        allowClear
        placeholder={t('listings.create.none')}
        loading={options.isLoading}
        options={(options.data?.list ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
      />
    </Form.Item>
  );
}

/** Four selects, one per text template kind, under `templates.<slot>` of the form. */
export function TextTemplateFields() {
  return (
    <>
      {TEMPLATE_SLOTS.map(([slot, kind]) => (
        <TextTemplateSelect key={slot} slot={slot} kind={kind} />
      ))}
    </>
  );
}

export function PricingTemplateSelect({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  const options = usePricingTemplateOptions();
  return (
    <Form.Item name={name} label={label} extra={t('listings.create.pricingHint')}>
      <Select
        allowClear
        placeholder={t('listings.create.none')}
        loading={options.isLoading}
        options={(options.data?.list ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
      />
    </Form.Item>
  );
}

/** Drops the empty slots; undefined when none is chosen. */
export function chosenTemplates(
  templates: ListingTemplateChoice | undefined,
): ListingTemplateChoice | undefined {
  const entries = Object.entries(templates ?? {}).filter(([, v]) => v !== undefined && v !== null);
  return entries.length > 0 ? (Object.fromEntries(entries) as ListingTemplateChoice) : undefined;
}
