import { Alert, Form, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ListingTemplateChoice } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { createListings, useAmazonStores, useListingMutation } from '../api/listings.ts';
import { editorPath } from '../paths.ts';
import { StoreSelect } from './store-select.tsx';
import { chosenTemplates, PricingTemplateSelect, TextTemplateFields } from './template-pickers.tsx';

interface CreateValues {
  market_id: number;
  pricing_template_id?: number;
  templates?: ListingTemplateChoice;
}

/** Finished products → draft listings in one store, then straight into the editor. */
export function CreateDialog({ goodsIds, onClose }: { goodsIds: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<CreateValues>();
  const stores = useAmazonStores();
  const create = useListingMutation(createListings);
  const noStores = stores.isSuccess && stores.data.every((g) => g.stores.length === 0);

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
          onClose();
          void navigate(editorPath(ids));
        },
        onError: (error) => reportError(error, form),
      },
    );

  return (
    <Modal
      open
      title={t('listings.create.title', { count: goodsIds.length })}
      okText={t('listings.create.submit')}
      okButtonProps={{ loading: create.isPending, disabled: noStores }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {noStores && <Alert type="warning" showIcon title={t('listings.create.noStores')} />}
      <Form<CreateValues> form={form} layout="vertical" name="create-listings" onFinish={submit}>
        <Form.Item
          name="market_id"
          label={t('listings.create.store')}
          rules={[{ required: true, message: t('listings.create.storeRequired') }]}
        >
          <StoreSelect />
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
