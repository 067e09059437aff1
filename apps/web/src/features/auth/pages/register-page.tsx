import { Button, Form, Input, Space } from 'antd';
import {
  LockOutlined,
  MailOutlined,
  MobileOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Code, Mobile, RegisterByMobileInput, RegisterInput } from '@app/shared';
import { paths } from '../../../app/paths.ts';
import { reportError } from '../../../api/form-errors.ts';
import { CaptchaField } from '../../../shared/captcha/captcha-field.tsx';
import { useCaptcha } from '../../../shared/captcha/get-captcha.ts';
import { SendCodeButton } from '../../../shared/forms/send-code-button.tsx';
import { useZodRules, valueRule } from '../../../shared/forms/zod-rule.ts';
import { SegmentedSwitch } from '../../../shared/ui/segmented-switch.tsx';
import { useCompleteSignIn } from '../api/complete-sign-in.ts';
import { useRegister, useRegisterByMobile } from '../api/register.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { AuthShell } from '../components/auth-shell.tsx';

export function RegisterPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active = params.get('by') === 'mobile' ? 'mobile' : 'email';

  return (
    <AuthShell
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
    </AuthShell>
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
    try {
      await completeSignIn(await register.run(input), input.email, t('auth.register.success'));
    } catch (error) {
      reportError(error, form);
      captcha.refetch();
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(v) => void submit(v)}
    >
      <Form.Item name="name" label={t('auth.register.name')} rules={rules('name')}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('auth.register.namePlaceholder')}
          autoComplete="nickname"
          autoFocus
        />
      </Form.Item>
      <Form.Item name="email" label={t('auth.login.email')} rules={rules('email')}>
        <Input
          prefix={<MailOutlined />}
          inputMode="email"
          autoComplete="email"
          placeholder={t('auth.login.emailPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.register.password')}
        extra={t('auth.register.passwordHint')}
        rules={rules('password')}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="password_confirmation"
        label={t('auth.register.passwordConfirm')}
        dependencies={['password']}
        rules={rules('password_confirmation')}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <CaptchaField form={form} captcha={captcha} rules={rules('captcha')} />
      <Button type="primary" htmlType="submit" block loading={register.pending}>
        {t('auth.register.submit')}
      </Button>
    </Form>
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
    try {
      await completeSignIn(await register.run(input), input.mobile, t('auth.register.success'));
    } catch (error) {
      reportError(error, form);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(v) => void submit(v)}
    >
      <Form.Item name="name" label={t('auth.register.name')} rules={rules('name')}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('auth.register.namePlaceholder')}
          autoComplete="nickname"
          autoFocus
        />
      </Form.Item>
      <Form.Item name="mobile" label={t('auth.login.mobile')} rules={[valueRule(Mobile, t)]}>
        <Input
          prefix={<MobileOutlined />}
          type="tel"
          autoComplete="tel"
          placeholder={t('auth.login.mobilePlaceholder')}
        />
      </Form.Item>
      <Form.Item label={t('auth.code.label')} required>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={[valueRule(Code, t)]}>
            <Input
              prefix={<SafetyOutlined />}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('auth.code.placeholder')}
            />
          </Form.Item>
          <SendCodeButton
            withCaptcha
            getMobile={async () => Mobile.parse((await form.validateFields(['mobile'])).mobile)}
            send={(request) => sendSmsCode('register', request)}
          />
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.register.password')}
        extra={t('auth.register.passwordHint')}
        rules={rules('password')}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={register.pending}>
        {t('auth.register.submit')}
      </Button>
    </Form>
  );
}
