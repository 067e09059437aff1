import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListingBatchStarted, ListingTemplateChoice } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { batchUpdateContent, useListingMutation } from '../api/listings.ts';
import { chosenTemplates, TextTemplateFields } from './template-pickers.tsx';

/** Batch: step 4 texts of the selected listings from templates, placeholders filled per listing. */
export function ContentDialog({
  ids,
  onStarted,
  onClose,
}: {
  ids: number[];
  onStarted: (started: ListingBatchStarted) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ templates?: ListingTemplateChoice }>();
  const run = useListingMutation(batchUpdateContent);
  return (
    <Modal
      open
      title={t('listings.content.title', { count: ids.length })}
      okText={t('listings.content.submit')}
      okButtonProps={{ loading: run.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="update-content"
        onFinish={(values) => {
          const templates = chosenTemplates(values.templates);
          if (!templates) {
            form.setFields([
              { name: ['templates', 'goods_item'], errors: [t('listings.content.required')] },
            ]);
            return;
          }
          run.mutate(
            { ids, templates },
            { onSuccess: onStarted, onError: (error) => reportError(error, form) },
          );
        }}
      >
        <TextTemplateFields />
      </Form>
    </Modal>
  );
}
