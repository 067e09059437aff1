import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MobileCodeInput } from '@app/shared';
import { CaptchaField } from '../captcha/captcha-field.tsx';
import { useCaptcha } from '../captcha/get-captcha.ts';
import { StackedForm } from './stacked-form.tsx';
import { useZodRules } from './zod-rule.ts';

/** Asks for a captcha before a code is sent to a number the visitor has not proven they own. */
export function CaptchaDialog({
  mobile,
  sending,
  onCancel,
  onSend,
}: {
  mobile: string;
  sending: boolean;
  onCancel: () => void;
  onSend: (request: MobileCodeInput) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const captcha = useCaptcha();
  const rules = useZodRules(MobileCodeInput);

  const submit = async (values: { captcha: string; captcha_key: string }) => {
    await onSend(MobileCodeInput.parse({ mobile, ...values }));
  };

  return (
    <Modal
      open
      title={t('auth.code.modalTitle')}
      okText={t('auth.code.modalOk')}
      cancelText={t('common.cancel')}
      confirmLoading={sending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      width={400}
    >
      <StackedForm form={form} onSubmit={submit} onFailure={captcha.refetch}>
        <CaptchaField form={form} captcha={captcha} rules={rules('captcha')} autoFocus />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </StackedForm>
    </Modal>
  );
}
