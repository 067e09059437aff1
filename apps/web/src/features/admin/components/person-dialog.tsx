import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Descriptions, Divider, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PersonUpdateInput } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { consoleKeys, person } from '../api/console.ts';
import { roleLabel } from './console-helpers.tsx';

interface Values {
  name: string;
  email?: string | null;
  phone?: string | null;
  oldPassword?: string;
  password?: string;
}

/** The operator's own profile (`comm/person`) and password (`comm/person-update`). */
export function PersonDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const rules = useZodRules(PersonUpdateInput);
  const me = useQuery({ queryKey: consoleKeys.person, queryFn: person.get, enabled: open });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open && me.data)
      form.setFieldsValue({ name: me.data.name, email: me.data.email, phone: me.data.phone });
  }, [open, me.data, form]);
  const submit = async () => {
    const v = await form.validateFields();
    const blank = (s: string | null | undefined) => (s && s.trim() ? s.trim() : null);
    setSaving(true);
    try {
      const saved = await person.update({
        name: v.name,
        email: blank(v.email),
        phone: blank(v.phone),
        ...(v.password ? { password: v.password, oldPassword: v.oldPassword ?? '' } : {}),
      });
      client.setQueryData(consoleKeys.person, saved);
      feedback.success(t('admin.console.saved'));
      form.resetFields(['oldPassword', 'password']);
      onClose();
    } catch (error) {
      reportError(error, form);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('admin.person.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('admin.console.save')}
      cancelText={t('admin.console.cancel')}
      confirmLoading={saving}
      forceRender
    >
      {me.data && (
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('admin.user.username')}>{me.data.username}</Descriptions.Item>
          <Descriptions.Item label={t('admin.user.department')}>
            {me.data.departmentName ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.user.roles')}>
            {me.data.roleNames.map((name) => roleLabel(t, { name })).join(', ') || '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Form form={form} layout="vertical">
        <Form.Item name="name" label={t('admin.user.name')} rules={rules('name')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="email" label={t('admin.user.email')} rules={rules('email')}>
          <Input maxLength={254} />
        </Form.Item>
        <Form.Item name="phone" label={t('admin.user.phone')} rules={rules('phone')}>
          <Input maxLength={20} />
        </Form.Item>
        <Divider plain>{t('admin.person.changePassword')}</Divider>
        <Form.Item
          name="oldPassword"
          label={t('admin.person.oldPassword')}
          rules={rules('oldPassword')}
        >
          <Input.Password maxLength={128} autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('admin.user.newPassword')} rules={rules('password')}>
          <Input.Password maxLength={128} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
