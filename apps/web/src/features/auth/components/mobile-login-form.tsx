import { useState } from 'react';
import { Button, Form, Input, Segmented, Space } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Code, LoginByMobileInput, Mobile } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { SendCodeButton } from '../../../shared/forms/send-code-button.tsx';
import { useZodRules, valueRule } from '../../../shared/forms/zod-rule.ts';
import { useCompleteSignIn } from '../api/complete-sign-in.ts';
import { useLoginByMobile } from '../api/login.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';

type Mode = 'password' | 'code';

/** Mobile login: the password, or an SMS code sent after a captcha. */
export function MobileLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [mode, setMode] = useState<Mode>('password');
  const rules = useZodRules(LoginByMobileInput);
  const login = useLoginByMobile();
  const completeSignIn = useCompleteSignIn();

  const submit = async (values: { mobile: string; password?: string; code?: string }) => {
    const input = LoginByMobileInput.parse(
      mode === 'password'
        ? { mobile: values.mobile, password: values.password }
        : { mobile: values.mobile, code: values.code },
    );
    try {
      await completeSignIn(await login.run(input), input.mobile);
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
      <Form.Item name="mobile" label={t('auth.login.mobile')} rules={[valueRule(Mobile, t)]}>
        <Input
          prefix={<MobileOutlined />}
          type="tel"
          autoComplete="tel"
          placeholder={t('auth.login.mobilePlaceholder')}
          autoFocus
        />
      </Form.Item>
      {mode === 'password' ? (
        <Form.Item name="password" label={t('auth.login.password')} rules={rules('password')}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
      ) : (
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
              send={(request) => sendSmsCode('login', request)}
            />
          </Space.Compact>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={login.pending}>
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}
