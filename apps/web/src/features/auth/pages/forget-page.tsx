import { useState } from 'react';
import { Button, Form, Input, Space, Steps } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Code, ForgetByMobileInput, maskPhone, Mobile, MobileCodeInput } from '@app/shared';
import { paths } from '../../../app/paths.ts';
import { reportError } from '../../../api/form-errors.ts';
import { CaptchaField } from '../../../shared/captcha/captcha-field.tsx';
import { useCaptcha } from '../../../shared/captcha/get-captcha.ts';
import { feedback } from '../../../shared/feedback.ts';
import { SendCodeButton } from '../../../shared/forms/send-code-button.tsx';
import { useZodRules, valueRule } from '../../../shared/forms/zod-rule.ts';
import { useForgetByMobile, useSendForgetCode } from '../api/forget-by-mobile.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { AuthShell } from '../components/auth-shell.tsx';

/** Reset by mobile: a captcha-guarded code first, then the code and the new password. */
export function ForgetPage() {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState<string | null>(null);

  return (
    <AuthShell
      title={t('auth.forget.title')}
      subtitle={t('auth.forget.subtitle')}
      footer={<Link to={paths.login}>{t('auth.forget.backToLogin')}</Link>}
    >
      <Steps
        size="small"
        current={mobile === null ? 0 : 1}
        items={[{ title: t('auth.forget.stepVerify') }, { title: t('auth.forget.stepReset') }]}
        className="auth-steps"
      />
      {mobile === null ? (
        <VerifyMobileStep onSent={setMobile} />
      ) : (
        <ResetPasswordStep mobile={mobile} onChangeMobile={() => setMobile(null)} />
      )}
    </AuthShell>
  );
}

function VerifyMobileStep({ onSent }: { onSent: (mobile: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const rules = useZodRules(MobileCodeInput);
  const captcha = useCaptcha();
  const send = useSendForgetCode();

  const submit = async (values: unknown) => {
    const input = MobileCodeInput.parse(values);
    try {
      await send.run(input);
      feedback.success(t('auth.code.sent'));
      onSent(input.mobile);
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
      <Form.Item name="mobile" label={t('auth.login.mobile')} rules={rules('mobile')}>
        <Input
          prefix={<MobileOutlined />}
          type="tel"
          autoComplete="tel"
          placeholder={t('auth.login.mobilePlaceholder')}
          autoFocus
        />
      </Form.Item>
      <CaptchaField form={form} captcha={captcha} rules={rules('captcha')} />
      <Button type="primary" htmlType="submit" block loading={send.pending}>
        {t('auth.forget.next')}
      </Button>
    </Form>
  );
}

function ResetPasswordStep({
  mobile,
  onChangeMobile,
}: {
  mobile: string;
  onChangeMobile: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const rules = useZodRules(ForgetByMobileInput);
  const reset = useForgetByMobile();

  const submit = async (values: unknown) => {
    try {
      await reset.run(ForgetByMobileInput.parse(values));
      feedback.success(t('auth.forget.success'));
      navigate(paths.login, { replace: true });
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
      <p className="auth-hint">
        {t('auth.forget.codeSentTo', { mobile: maskPhone(mobile) })}{' '}
        <Button type="link" size="small" onClick={onChangeMobile}>
          {t('auth.forget.changeMobile')}
        </Button>
      </p>
      <Form.Item name="mobile" hidden initialValue={mobile}>
        <Input />
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
              autoFocus
            />
          </Form.Item>
          <SendCodeButton
            withCaptcha
            justSent
            getMobile={async () => Mobile.parse(mobile)}
            send={(request) => sendSmsCode('forget', request)}
          />
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.forget.newPassword')}
        extra={t('auth.register.passwordHint')}
        rules={rules('password')}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="password_confirmation"
        label={t('auth.forget.confirm')}
        dependencies={['password']}
        rules={rules('password_confirmation')}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={reset.pending}>
        {t('auth.forget.submit')}
      </Button>
    </Form>
  );
}
