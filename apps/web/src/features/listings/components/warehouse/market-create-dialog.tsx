import { Alert, Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListingTemplateChoice } from '@app/shared';
import { reportError } from '../../../../api/form-errors.ts';
import { feedback } from '../../../../shared/feedback.ts';
import { useListingMutation } from '../../api/listings.ts';
import type { MarketListingApi, WarehouseNs } from '../../api/market-listings.ts';
import {
  chosenTemplates,
  PricingTemplateSelect,
  TextTemplateFields,
} from '../template-pickers.tsx';

interface CreateValues {
  market_id: number;
  pricing_template_id?: number;
  templates?: ListingTemplateChoice;
}

/**
 * "Publish to… <marketplace>": finished products → drafts in one of the seller's stores of that
 * marketplace, prefilled from templates, the design, mockups and SKUs; then the editor.
 */
export function MarketCreateDialog({
  api,
  ns,
  goodsIds,
  onClose,
  onCreated,
}: {
  api: MarketListingApi;
  /** The marketplace's i18n namespace. */
  ns: WarehouseNs;
  goodsIds: number[];
  onClose: () => void;
  onCreated: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateValues>();
  const stores = api.useStores();
  const create = useListingMutation(api.create);
  const noStores = stores.isSuccess && stores.data.list.length === 0;

  const submit = (values: CreateValues) =>
    create.mutate(
      {
        market_id: values.market_id,
        goods_ids: goodsIds,
        pricing_template_id: values.pricing_template_id ?? undefined,
        templates: chosenTemplates(values.templates),
      },
      {
        onSuccess: ({ ids }) => {
          feedback.success(t('listings.create.created', { count: ids.length }));
          onCreated(ids);
        },
        onError: (error) => reportError(error, form),
      },
    );

  return (
    <Modal
      open
      title={t(`${ns}.create.title`, { count: goodsIds.length })}
      okText={t('listings.create.submit')}
      okButtonProps={{ loading: create.isPending, disabled: noStores }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {noStores && <Alert type="warning" showIcon title={t(`${ns}.create.noStores`)} />}
      <Form<CreateValues>
        form={form}
        layout="vertical"
        name={`create-${api.market}-listings`}
        onFinish={submit}
        initialValues={
          stores.data?.list.length === 1 ? { market_id: stores.data.list[0]!.id } : undefined
        }
      >
        <Form.Item
          name="market_id"
          label={t(`${ns}.create.store`)}
          rules={[{ required: true, message: t('listings.create.storeRequired') }]}
        >
          <Select<number>
            loading={stores.isLoading}
            options={(stores.data?.list ?? []).map((s) => ({
              value: s.id,
              label: `${s.alias} · ${s.account}`,
            }))}
          />
        </Form.Item>
        <PricingTemplateSelect name="pricing_template_id" label={t('listings.create.pricing')} />
        <Typography.Text strong>{t('listings.create.templates')}</Typography.Text>
        <div className="listings-template-grid">
          <TextTemplateFields />
        </div>
      </Form>
    </Modal>
  );
}
