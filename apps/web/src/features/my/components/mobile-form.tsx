import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { maskPhone, SaveMemMobileInput } from '@app/shared';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { feedback } from '../../../shared/feedback.ts';
import { MobileField, SmsCodeField } from '../../../shared/forms/mobile-fields.tsx';
import { StackedForm } from '../../../shared/forms/stacked-form.tsx';
import { sendUpdateSmsCode, useSaveMemMobile } from '../api/save-mem-mobile.ts';

/** Bind or change the mobile number: a code goes to the new number, then number and code are saved. */
export function MobileForm() {
  const { t } = useTranslation();
  const mobile = useAuthStore((s) => s.userInfo?.mobile ?? null);
  const [form] = Form.useForm();
  const save = useSaveMemMobile();

  const submit = async (values: unknown) => {
    await save.mutateAsync(SaveMemMobileInput.parse(values));
    feedback.success(t('my.mobile.saved'));
    form.resetFields();
  };

  return (
    <div className="form-section">
      <p className="form-section__status">
        {t('my.mobile.current')}:{' '}
        <strong>{mobile ? maskPhone(mobile) : t('my.mobile.none')}</strong>
      </p>
      <StackedForm form={form} onSubmit={submit} className="narrow-form">
        <MobileField label={t('my.mobile.newMobile')} autoFocus />
        <SmsCodeField withCaptcha={false} send={sendUpdateSmsCode} />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('my.mobile.submit')}
        </Button>
      </StackedForm>
    </div>
  );
}
