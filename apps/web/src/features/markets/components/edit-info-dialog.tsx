import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { STORE_ALIAS_MAX, TAX_NUMBER_MAX, type Store } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { updateMarketInfo, useStoreMutation } from '../api/stores.ts';

interface InfoValues {
  alias: string;
  tax_number: string;
}

/** Alias and tax number of one store; rendered only while open. */
export function EditInfoDialog({ store, onClose }: { store: Store; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InfoValues>();
  const save = useStoreMutation(updateMarketInfo);

  const submit = (values: InfoValues) =>
    save.mutate(
      { id: store.id, alias: values.alias.trim(), tax_number: values.tax_number.trim() },
      {
        onSuccess: () => {
          feedback.success(t('markets.edit.saved'));
          onClose();
        },
        onError: (error) => reportError(error, form),
      },
    );

  return (
    <Modal
      open
      title={t('markets.edit.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<InfoValues>
        form={form}
        name="store-info"
        layout="vertical"
        initialValues={{ alias: store.alias, tax_number: store.tax_number }}
        onFinish={submit}
      >
        <Form.Item
          name="alias"
          label={t('markets.edit.alias')}
          rules={[{ required: true, whitespace: true, message: t('markets.edit.aliasRequired') }]}
        >
          <Input maxLength={STORE_ALIAS_MAX} autoFocus />
        </Form.Item>
        <Form.Item
          name="tax_number"
          label={t('markets.edit.taxNumber')}
          extra={t('markets.edit.taxNumberHint')}
        >
          <Input maxLength={TAX_NUMBER_MAX} />
        </Form.Item>
        {/* Enter in a field submits the form only when it has a submit button. */}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
