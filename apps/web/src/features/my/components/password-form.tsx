import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SaveMemPwdInput } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { useSaveMemPwd } from '../api/save-mem-pwd.ts';

export function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const rules = useZodRules(SaveMemPwdInput);
  const save = useSaveMemPwd();

  const submit = async (values: unknown) => {
    try {
      await save.mutateAsync(SaveMemPwdInput.parse(values));
      feedback.success(t('my.password.saved'));
      form.resetFields();
    } catch (error) {
      reportError(error, form);
    }
  };

  return (
    <div className="form-section">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void submit(v)}
        className="narrow-form"
      >
        <Form.Item name="old_password" label={t('my.password.old')} rules={rules('old_password')}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('my.password.new')}
          extra={t('auth.register.passwordHint')}
          rules={rules('password')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t('my.password.confirm')}
          dependencies={['password']}
          rules={rules('password_confirmation')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('my.password.submit')}
        </Button>
      </Form>
    </div>
  );
}
