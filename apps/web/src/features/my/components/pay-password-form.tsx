import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SavePayPwdInput } from '@app/shared';
import { feedback } from '../../../shared/feedback.ts';
import { StackedForm } from '../../../shared/forms/stacked-form.tsx';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { useBindingState } from '../../../shared/session/get-binding-state.ts';
import { useSavePayPwd } from '../api/save-pay-pwd.ts';

export function PayPasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const rules = useZodRules(SavePayPwdInput);
  const binding = useBindingState();
  const save = useSavePayPwd();

  const submit = async (values: unknown) => {
    await save.mutateAsync(SavePayPwdInput.parse(values));
    feedback.success(t('my.pay.saved'));
    form.resetFields();
  };

  return (
    <div className="form-section">
      <Alert
        type="info"
        showIcon
        className="form-section__alert"
        message={t('my.pay.intro')}
        description={
          binding.data
            ? binding.data.pay_password
              ? t('my.pay.statusSet')
              : t('my.pay.statusNotSet')
            : undefined
        }
      />
      <StackedForm form={form} onSubmit={submit} className="narrow-form">
        <Form.Item
          name="password"
          label={t('my.pay.loginPassword')}
          extra={t('my.pay.loginPasswordHint')}
          rules={rules('password')}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item name="pay_password" label={t('my.pay.pay')} rules={rules('pay_password')}>
          <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="pay_password_confirmation"
          label={t('my.pay.confirm')}
          dependencies={['pay_password']}
          rules={rules('pay_password_confirmation')}
        >
          <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('my.pay.submit')}
        </Button>
      </StackedForm>
    </div>
  );
}
