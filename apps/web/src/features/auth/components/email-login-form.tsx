import { Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LoginInput } from '@app/shared';
import { CaptchaField } from '../../../shared/captcha/captcha-field.tsx';
import { useCaptcha } from '../../../shared/captcha/get-captcha.ts';
import { StackedForm } from '../../../shared/forms/stacked-form.tsx';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { useCompleteSignIn } from '../api/complete-sign-in.ts';
import { useLogin } from '../api/login.ts';

export function EmailLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const rules = useZodRules(LoginInput);
  const captcha = useCaptcha();
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();

  const submit = async (values: unknown) => {
    const input = LoginInput.parse(values);
    completeSignIn(await login.run(input), input.email);
  };

  return (
    <StackedForm form={form} size="large" onSubmit={submit} onFailure={captcha.refetch}>
      <Form.Item name="email" label={t('auth.login.email')} rules={rules('email')}>
        <Input
          prefix={<MailOutlined />}
          inputMode="email"
          autoComplete="username"
          placeholder={t('auth.login.emailPlaceholder')}
          autoFocus
        />
      </Form.Item>
      <Form.Item name="password" label={t('auth.login.password')} rules={rules('password')}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <CaptchaField form={form} captcha={captcha} rules={rules('captcha')} />
      <Button type="primary" htmlType="submit" block loading={login.pending}>
        {t('auth.login.submit')}
      </Button>
    </StackedForm>
  );
}
