import { Button, Form, Input, type FormRule } from 'antd';
import {
  LockOutlined,
  MailOutlined,
  MobileOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RegisterByMobileInput, RegisterInput } from '@app/shared';
import { paths } from '../../../shared/paths.ts';
import { CaptchaField } from '../../../shared/captcha/captcha-field.tsx';
import { useCaptcha } from '../../../shared/captcha/get-captcha.ts';
import { MobileField, SmsCodeField } from '../../../shared/forms/mobile-fields.tsx';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields.tsx';
import { StackedForm } from '../../../shared/forms/stacked-form.tsx';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { SegmentedSwitch } from '../../../shared/ui/segmented-switch.tsx';
import { useCompleteSignIn } from '../api/complete-sign-in.ts';
import { useRegister, useRegisterByMobile } from '../api/register.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { AntdAuthShell } from '../components/antd-auth-shell.tsx';
import { MailCodeField } from '../components/mail-code-field.tsx';

export function RegisterPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active = params.get('by') === 'mobile' ? 'mobile' : 'email';

  return (
    <AntdAuthShell
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <span>
          {t('auth.register.haveAccount')}{' '}
          <Link to={paths.login}>{t('auth.register.toLogin')}</Link>
        </span>
      }
    >
      <SegmentedSwitch
        block
        size="large"
        className="auth-tabs"
        label={t('auth.register.title')}
        value={active}
        onChange={(key) => setParams(key === 'mobile' ? { by: 'mobile' } : {}, { replace: true })}
        options={[
          { value: 'email', label: t('auth.register.emailTab') },
          { value: 'mobile', label: t('auth.register.mobileTab') },
        ]}
      />
      {active === 'email' ? <EmailRegisterForm /> : <MobileRegisterForm />}
    </AntdAuthShell>
  );
}

function NameField({ rules }: { rules: FormRule[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="name" label={t('auth.register.name')} rules={rules}>
      <Input
        prefix={<UserOutlined />}
        placeholder={t('auth.register.namePlaceholder')}
        autoComplete="nickname"
        autoFocus
      />
    </Form.Item>
  );
}

function EmailRegisterForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const rules = useZodRules(RegisterInput);
  const captcha = useCaptcha();
  const register = useRegister();
  const completeSignIn = useCompleteSignIn();

  const submit = async (values: unknown) => {
    const input = RegisterInput.parse(values);
    completeSignIn(await register.run(input), input.email, t('auth.register.success'));
  };

  return (
    <StackedForm form={form} size="large" onSubmit={submit} onFailure={captcha.refetch}>
      <NameField rules={rules('name')} />
      <Form.Item name="email" label={t('auth.login.email')} rules={rules('email')}>
        <Input
          prefix={<MailOutlined />}
          inputMode="email"
          autoComplete="email"
          placeholder={t('auth.login.emailPlaceholder')}
        />
      </Form.Item>
      <MailCodeField prefix={<SafetyOutlined />} />
      <NewPasswordFields
        rules={rules}
        label={t('auth.register.password')}
        confirmLabel={t('auth.register.passwordConfirm')}
        prefix={<LockOutlined />}
      />
      <CaptchaField form={form} captcha={captcha} rules={rules('captcha')} />
      <Button type="primary" htmlType="submit" block loading={register.pending}>
        {t('auth.register.submit')}
      </Button>
    </StackedForm>
  );
}

function MobileRegisterForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const rules = useZodRules(RegisterByMobileInput);
  const register = useRegisterByMobile();
  const completeSignIn = useCompleteSignIn();

  const submit = async (values: unknown) => {
    const input = RegisterByMobileInput.parse(values);
    completeSignIn(await register.run(input), input.mobile, t('auth.register.success'));
  };

  return (
    <StackedForm form={form} size="large" onSubmit={submit}>
      <NameField rules={rules('name')} />
      <MobileField label={t('auth.login.mobile')} prefix={<MobileOutlined />} />
      <SmsCodeField
        prefix={<SafetyOutlined />}
        withCaptcha
        send={(request) => sendSmsCode('register', request)}
      />
      <NewPasswordFields
        rules={rules}
        label={t('auth.register.password')}
        prefix={<LockOutlined />}
      />
      <Button type="primary" htmlType="submit" block loading={register.pending}>
        {t('auth.register.submit')}
      </Button>
    </StackedForm>
  );
}
