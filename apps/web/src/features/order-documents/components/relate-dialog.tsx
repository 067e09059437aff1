import { useState } from 'react';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { saveRelation, useFinishedSkuSearch, useRelationMutation } from '../api/order-documents.ts';

/** Relates one marketplace SKU to a finished SKU chosen by searching code or title. */
export function RelateDialog({ sku, onClose }: { sku: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ finished_sku_id: number }>();
  const [keyword, setKeyword] = useState('');
  const options = useFinishedSkuSearch(keyword, sku !== null);
  const save = useRelationMutation(saveRelation);

  const submit = async () => {
    const { finished_sku_id } = await form.validateFields();
    try {
      const relation = await save.mutateAsync({ marketplace_sku: sku!, finished_sku_id });
      feedback.success(
        t('orderDocuments.relation.related', { sku, code: relation.finished_sku_code }),
      );
      form.resetFields();
      onClose();
    } catch (error) {
      if (!applyFieldErrors(form, error)) reportError(error);
    }
  };

  return (
    <Modal
      open={sku !== null}
      title={t('orderDocuments.relation.relateTitle', { sku })}
      okText={t('orderDocuments.relation.relate')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="finished_sku_id"
          label={t('orderDocuments.relation.finishedSku')}
          rules={[{ required: true, message: t('orderDocuments.relation.pickFinished') }]}
        >
          <Select
            showSearch
            autoFocus
            filterOption={false}
            placeholder={t('orderDocuments.relation.searchFinished')}
            onSearch={setKeyword}
            loading={options.isFetching}
            notFoundContent={t('orderDocuments.relation.noFinished')}
            options={(options.data ?? []).map((o) => ({
              value: o.id,
              label: `${o.code} · ${o.product_title}`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
