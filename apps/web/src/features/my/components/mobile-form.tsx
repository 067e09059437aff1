import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Code, maskPhone, Mobile, SaveMemMobileInput } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { feedback } from '../../../shared/feedback.ts';
import { SendCodeButton } from '../../../shared/forms/send-code-button.tsx';
import { valueRule } from '../../../shared/forms/zod-rule.ts';
import { sendUpdateSmsCode, useSaveMemMobile } from '../api/save-mem-mobile.ts';

/** Bind or change the mobile number: a code goes to the new number, then number and code are saved. */
export function MobileForm() {
  const { t } = useTranslation();
  const mobile = useAuthStore((s) => s.userInfo?.mobile ?? null);
  const [form] = Form.useForm();
  const save = useSaveMemMobile();

  const submit = async (values: unknown) => {
    try {
      await save.mutateAsync(SaveMemMobileInput.parse(values));
      feedback.success(t('my.mobile.saved'));
      form.resetFields();
    } catch (error) {
      reportError(error, form);
    }
  };

  return (
    <div className="form-section">
      <p className="form-section__status">
        {t('my.mobile.current')}:{' '}
        <strong>{mobile ? maskPhone(mobile) : t('my.mobile.none')}</strong>
      </p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void submit(v)}
        className="narrow-form"
      >
        <Form.Item name="mobile" label={t('my.mobile.newMobile')} rules={[valueRule(Mobile, t)]}>
          <Input
            type="tel"
            autoComplete="tel"
            placeholder={t('auth.login.mobilePlaceholder')}
            autoFocus
          />
        </Form.Item>
        <Form.Item label={t('auth.code.label')} required>
          <Space.Compact block>
            <Form.Item name="code" noStyle rules={[valueRule(Code, t)]}>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder={t('auth.code.placeholder')}
              />
            </Form.Item>
            <SendCodeButton
              withCaptcha={false}
              getMobile={async () => Mobile.parse((await form.validateFields(['mobile'])).mobile)}
              send={sendUpdateSmsCode}
            />
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('my.mobile.submit')}
        </Button>
      </Form>
    </div>
  );
}
