import { useState } from 'react';
import { Button, Form, Steps } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ForgetByMobileInput, maskPhone, MobileCodeInput } from '@app/shared';
import { paths } from '../../../shared/paths.ts';
import { CaptchaField } from '../../../shared/captcha/captcha-field.tsx';
import { useCaptcha } from '../../../shared/captcha/get-captcha.ts';
import { feedback } from '../../../shared/feedback.ts';
import { MobileField, SmsCodeField } from '../../../shared/forms/mobile-fields.tsx';
import { StackedForm } from '../../../shared/forms/stacked-form.tsx';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { useForgetByMobile, useSendForgetCode } from '../api/forget-by-mobile.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { AntdAuthShell } from '../components/antd-auth-shell.tsx';
import { SetPasswordForm } from '../components/set-password-form.tsx';

/** Reset by mobile: a captcha-guarded code first, then the code and the new password. */
export function ForgetPage() {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState<string | null>(null);

  return (
    <AntdAuthShell
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
    </AntdAuthShell>
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
    await send.run(input);
    feedback.success(t('auth.code.sent'));
    onSent(input.mobile);
  };

  return (
    <StackedForm form={form} size="large" onSubmit={submit} onFailure={captcha.refetch}>
      <MobileField label={t('auth.login.mobile')} prefix={<MobileOutlined />} autoFocus />
      <CaptchaField form={form} captcha={captcha} rules={rules('captcha')} />
      <Button type="primary" htmlType="submit" block loading={send.pending}>
        {t('auth.forget.next')}
      </Button>
    </StackedForm>
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
  const reset = useForgetByMobile();

  const submit = async (input: ForgetByMobileInput) => {
    await reset.run(input);
    feedback.success(t('auth.forget.success'));
    navigate(paths.login, { replace: true });
  };

  return (
    <>
      <p className="auth-hint">
        {t('auth.forget.codeSentTo', { mobile: maskPhone(mobile) })}{' '}
        <Button type="link" size="small" onClick={onChangeMobile}>
          {t('auth.forget.changeMobile')}
        </Button>
      </p>
      <SetPasswordForm
        schema={ForgetByMobileInput}
        known={{ mobile }}
        labels={{
          password: t('auth.forget.newPassword'),
          confirm: t('auth.forget.confirm'),
          submit: t('auth.forget.submit'),
        }}
        pending={reset.pending}
        onSubmit={submit}
      >
        <SmsCodeField
          prefix={<SafetyOutlined />}
          autoFocus
          withCaptcha
          justSent
          send={(request) => sendSmsCode('forget', request)}
        />
      </SetPasswordForm>
    </>
  );
}
