import { useState } from 'react';
import { Button, Form, Input, Segmented } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LoginByMobileInput, LoginInput } from '@app/shared';
import { CaptchaField } from '../../../shared/captcha/captcha-field.tsx';
import { useCaptcha } from '../../../shared/captcha/get-captcha.ts';
import { MobileField, SmsCodeField } from '../../../shared/forms/mobile-fields.tsx';
import { StackedForm } from '../../../shared/forms/stacked-form.tsx';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { useCompleteSignIn } from '../api/complete-sign-in.ts';
import { useLoginByMobile } from '../api/login.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { AntdTheme } from '../../../shared/ui/antd-theme.tsx';

type Mode = 'password' | 'code';

/**
 * Mobile login: the password with the captcha the e-mail login asks for, or an SMS code sent
 * after a captcha.
 */
export function MobileLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [mode, setMode] = useState<Mode>('password');
  const rules = useZodRules(LoginByMobileInput);
  // The answer is required as in the e-mail login (the mobile schema asks for it only with a password).
  const captchaRules = useZodRules(LoginInput)('captcha');
  const captcha = useCaptcha();
  const login = useLoginByMobile();
  const completeSignIn = useCompleteSignIn();

  const submit = async (values: {
    mobile: string;
    password?: string;
    code?: string;
    captcha?: string;
    captcha_key?: string;
  }) => {
    const input = LoginByMobileInput.parse(
      mode === 'password'
        ? {
            mobile: values.mobile,
            password: values.password,
            captcha: values.captcha,
            captcha_key: values.captcha_key,
          }
        : { mobile: values.mobile, code: values.code },
    );
    completeSignIn(await login.run(input), input.mobile);
  };

  return (
    // Loaded when chosen, with antd: /login itself draws the e-mail form without it.
    <AntdTheme>
      <StackedForm form={form} size="large" onSubmit={submit} onFailure={captcha.refetch}>
        <Form.Item>
          <Segmented<Mode>
            block
            size="middle"
            value={mode}
            onChange={setMode}
            options={[
              { value: 'password', label: t('auth.login.modePassword') },
              { value: 'code', label: t('auth.login.modeCode') },
            ]}
          />
        </Form.Item>
        <MobileField label={t('auth.login.mobile')} prefix={<MobileOutlined />} autoFocus />
        {mode === 'password' ? (
          <>
            <Form.Item name="password" label={t('auth.login.password')} rules={rules('password')}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            <CaptchaField form={form} captcha={captcha} rules={captchaRules} />
          </>
        ) : (
          <SmsCodeField
            prefix={<SafetyOutlined />}
            withCaptcha
            send={(request) => sendSmsCode('login', request)}
          />
        )}
        <Button type="primary" htmlType="submit" block loading={login.pending}>
          {t('auth.login.submit')}
        </Button>
      </StackedForm>
    </AntdTheme>
  );
}
