import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SaveMemPwdInput } from '@app/shared';
import { feedback } from '../../../shared/feedback.ts';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields.tsx';
import { StackedForm } from '../../../shared/forms/stacked-form.tsx';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { useSaveMemPwd } from '../api/save-mem-pwd.ts';

export function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const rules = useZodRules(SaveMemPwdInput);
  const save = useSaveMemPwd();

  const submit = async (values: unknown) => {
    await save.mutateAsync(SaveMemPwdInput.parse(values));
    feedback.success(t('my.password.saved'));
    form.resetFields();
  };

  return (
    <div className="form-section">
      <StackedForm form={form} onSubmit={submit} className="narrow-form">
        <Form.Item name="old_password" label={t('my.password.old')} rules={rules('old_password')}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <NewPasswordFields
          rules={rules}
          label={t('my.password.new')}
          confirmLabel={t('my.password.confirm')}
        />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('my.password.submit')}
        </Button>
      </StackedForm>
    </div>
  );
}
