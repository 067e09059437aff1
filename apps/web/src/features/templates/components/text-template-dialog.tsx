import { useRef } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import {
  renderTemplate,
  TEMPLATE_PLACEHOLDERS,
  TEXT_TEMPLATE_CONTENT_MAX,
  type TemplatePlaceholder,
  type TextTemplate,
  type TextTemplateKind,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { saveTextTemplate, useTemplateMutation } from '../api/templates.ts';

interface TemplateValues {
  name: string;
  content: string;
}

/** Puts `{name}` where the caret is (or over the selection) and leaves the caret after it. */
function insertAt(area: HTMLTextAreaElement | undefined, value: string, token: string) {
  const start = area?.selectionStart ?? value.length;
  const end = area?.selectionEnd ?? value.length;
  const next = value.slice(0, start) + token + value.slice(end);
  const caret = start + token.length;
  requestAnimationFrame(() => {
    area?.focus();
    area?.setSelectionRange(caret, caret);
  });
  return next;
}

/** Create or edit a text template, with a placeholder picker and a preview on a sample product. */
export function TextTemplateDialog({
  kind,
  template,
  onClose,
}: {
  kind: TextTemplateKind;
  /** null creates a new template. */
  template: TextTemplate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TemplateValues>();
  const content = Form.useWatch('content', form) ?? template?.content ?? '';
  const area = useRef<TextAreaRef>(null);
  const save = useTemplateMutation((values: TemplateValues) =>
    saveTextTemplate(kind, { id: template?.id, ...values }),
  );
  const sample = Object.fromEntries(
    TEMPLATE_PLACEHOLDERS.map((name) => [name, t(`templates.sample.${name}`)]),
  ) as Record<TemplatePlaceholder, string>;
  const preview = renderTemplate(content, sample);
  const kindName = t(`templates.kinds.${kind}`);

  const insert = (name: TemplatePlaceholder) =>
    form.setFieldValue(
      'content',
      // The watched value can lag a keystroke behind; the form's own value is current.
      insertAt(
        area.current?.resizableTextArea?.textArea,
        (form.getFieldValue('content') as string | undefined) ?? '',
        `{${name}}`,
      ),
    );

  const submit = (values: TemplateValues) =>
    save.mutate(
      { name: values.name.trim(), content: values.content.trim() },
      {
        onSuccess: () => {
          feedback.success(t('templates.saved'));
          onClose();
        },
        onError: (error) => reportError(error, form),
      },
    );

  return (
    <Modal
      open
      width={720}
      title={t(template ? 'templates.editTitle' : 'templates.addTitle', { kind: kindName })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<TemplateValues>
        form={form}
        name="text-template"
        layout="vertical"
        initialValues={{ name: template?.name ?? '', content: template?.content ?? '' }}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label={t('templates.name')}
          rules={[{ required: true, whitespace: true, message: t('templates.nameRequired') }]}
        >
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <div className="templates-picker" role="group" aria-label={t('templates.placeholders')}>
          <Typography.Text type="secondary">{t('templates.placeholders')}</Typography.Text>
          <Space wrap size={4}>
            {TEMPLATE_PLACEHOLDERS.map((name) => (
              <Button key={name} size="small" onClick={() => insert(name)}>
                {`{${name}} ${t(`templates.placeholderNames.${name}`)}`}
              </Button>
            ))}
          </Space>
        </div>
        <Form.Item
          name="content"
          label={t('templates.content')}
          extra={kind === 'five-point-describe' ? t('templates.contentHint') : undefined}
          rules={[{ required: true, whitespace: true, message: t('templates.contentRequired') }]}
        >
          <Input.TextArea
            ref={area}
            maxLength={TEXT_TEMPLATE_CONTENT_MAX}
            autoSize={{ minRows: 4, maxRows: 10 }}
          />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
      <section className="templates-preview" aria-label={t('templates.preview')}>
        <Typography.Text strong>{t('templates.preview')}</Typography.Text>
        {preview.text.trim() ? (
          <div className="templates-preview__text" data-testid="template-preview">
            {preview.text}
          </div>
        ) : (
          <Typography.Paragraph type="secondary">
            {t('templates.previewEmpty')}
          </Typography.Paragraph>
        )}
        {preview.unknown.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('templates.unknownPlaceholders', {
              names: preview.unknown.map((n) => `{${n}}`).join(', '),
            })}
          />
        )}
      </section>
    </Modal>
  );
}
