import { Alert, Button, Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeEmailInput } from '@app/shared';
import { feedback } from '../../../shared/feedback.ts';
import { StackedForm } from '../../../shared/forms/stacked-form.tsx';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { useChangeEmail, useEmailState } from '../api/email.ts';
import { ResendLinkButton } from './resend-link-button.tsx';

/**
 * The account's e-mail: whether it is verified, a change waiting for its link, and a new
 * address (with the login password). The old address stays until the new one is verified.
 */
export function EmailForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const rules = useZodRules(ChangeEmailInput);
  const state = useEmailState();
  const change = useChangeEmail();
  const data = state.data;

  const submit = async (values: unknown) => {
    const input = ChangeEmailInput.parse(values);
    await change.mutateAsync(input);
    feedback.success(t('my.email.sent', { email: input.email }));
    form.resetFields();
  };

  return (
    <div className="form-section">
      <p className="form-section__status">
        {t('my.email.current')}: <strong>{data?.email ?? t('my.email.none')}</strong>{' '}
        {data?.email &&
          (data.verified ? (
            <Tag color="success">{t('my.email.verified')}</Tag>
          ) : (
            <Tag color="warning">{t('my.email.unverified')}</Tag>
          ))}
      </p>
      {data && (data.pending_email || (data.email && !data.verified)) && (
        <Alert
          className="form-section__notice"
          type="info"
          showIcon
          title={
            data.pending_email
              ? t('my.email.pending', { email: data.pending_email })
              : t('my.email.banner', { email: data.email })
          }
          action={<ResendLinkButton size="small" />}
        />
      )}
      <StackedForm form={form} onSubmit={submit} className="narrow-form">
        <Form.Item
          name="email"
          label={t('my.email.newEmail')}
          rules={rules('email')}
          extra={t('my.email.hint')}
        >
          <Input type="email" autoComplete="email" maxLength={254} />
        </Form.Item>
        <Form.Item name="password" label={t('my.email.password')} rules={rules('password')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('my.email.submit')}
        </Button>
      </StackedForm>
    </div>
  );
}
