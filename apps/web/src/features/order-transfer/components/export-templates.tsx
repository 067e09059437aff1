import { useState } from 'react';
import { Button, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExportColumn, ExportRowMode, ExportTemplate } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { IconAction } from '../../../shared/ui/icon-action.tsx';
import { useTemplateMutations } from '../api/order-transfer.ts';
import { columnsFromTemplate, type PickedColumn } from '../transfer-logic.ts';

/**
 * Saved column sets: load one (its columns and row mode), save the current choice under a name
 * (the same name replaces that template), or delete the loaded one.
 */
export function ExportTemplates({
  templates,
  catalogue,
  picked,
  mode,
  onLoad,
}: {
  templates: ExportTemplate[];
  catalogue: ExportColumn[] | undefined;
  /** The keys of the columns switched on, in order. */
  picked: string[];
  mode: ExportRowMode;
  onLoad: (columns: PickedColumn[], mode: ExportRowMode) => void;
}) {
  const { t } = useTranslation();
  const { save, remove } = useTemplateMutations();
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [naming, setNaming] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const loadTemplate = (id: number | null) => {
    setTemplateId(id);
    const template = templates.find((x) => x.id === id);
    if (!template || !catalogue) return;
    onLoad(columnsFromTemplate(catalogue, template.columns), template.one_row_per);
  };

  const saveTemplate = async () => {
    const { name } = await form.validateFields();
    try {
      // The same name again replaces that template.
      const same = templates.find((x) => x.name === name.trim());
      const saved = await save.mutateAsync({
        ...(same ? { id: same.id } : {}),
        name,
        columns: picked,
        one_row_per: mode,
      });
      setTemplateId(saved.id);
      setNaming(false);
      feedback.success(t('orderTransfer.export.templateSaved'));
    } catch (error) {
      reportError(error, form);
    }
  };

  const deleteTemplate = () => {
    const template = templates.find((x) => x.id === templateId);
    if (!template) return;
    Modal.confirm({
      title: t('orderTransfer.export.deleteConfirm', { name: template.name }),
      okText: t('orderTransfer.export.deleteTemplate'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync(template.id)
          .then(() => {
            setTemplateId(null);
            feedback.success(t('orderTransfer.export.templateDeleted'));
          })
          .catch((error: unknown) => reportError(error)),
    });
  };

  return (
    <section aria-label={t('orderTransfer.export.templates')}>
      <Flex wrap gap={8} align="center">
        <Typography.Text strong>{t('orderTransfer.export.templates')}</Typography.Text>
        <Select<number>
          allowClear
          style={{ minWidth: 220 }}
          placeholder={t('orderTransfer.export.loadTemplate')}
          aria-label={t('orderTransfer.export.loadTemplate')}
          value={templateId ?? undefined}
          onChange={(v) => loadTemplate(v ?? null)}
          options={templates.map((x) => ({ value: x.id, label: x.name }))}
        />
        <Button
          icon={<SaveOutlined />}
          disabled={picked.length === 0}
          onClick={() => {
            form.setFieldsValue({ name: templates.find((x) => x.id === templateId)?.name ?? '' });
            setNaming(true);
          }}
        >
          {t('orderTransfer.export.saveTemplate')}
        </Button>
        {templateId !== null && (
          <IconAction
            size="middle"
            danger
            label={t('orderTransfer.export.deleteTemplate')}
            icon={<DeleteOutlined />}
            onClick={deleteTemplate}
          />
        )}
      </Flex>
      <Modal
        open={naming}
        title={t('orderTransfer.export.saveTemplate')}
        okText={t('orderTransfer.export.saveTemplate')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        onOk={() => void saveTemplate()}
        onCancel={() => setNaming(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={() => void saveTemplate()}>
          <Form.Item
            name="name"
            label={t('orderTransfer.export.templateName')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('orderTransfer.export.templateNameRequired'),
              },
            ]}
          >
            <Input maxLength={60} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
