import { useEffect } from 'react';
import { Form, Input, type FormInstance, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaImage } from './captcha-image.tsx';
import type { CaptchaState } from './get-captcha.ts';

interface CaptchaFieldProps {
  form: FormInstance;
  captcha: CaptchaState;
  rules: FormRule[];
  autoFocus?: boolean;
}

/** The captcha answer with its image (click to refresh) and the hidden `captcha_key` it belongs to. */
export function CaptchaField({ form, captcha, rules, autoFocus }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const key = captcha.data?.captcha_key;

  useEffect(() => {
    // A new image invalidates whatever was typed for the previous one.
    form.setFieldsValue({ captcha_key: key, captcha: undefined });
  }, [form, key]);

  return (
    <>
      <Form.Item name="captcha_key" hidden>
        <Input />
      </Form.Item>
      <Form.Item label={t('auth.captcha.label')} required>
        <div className="captcha-row">
          <Form.Item name="captcha" rules={rules} noStyle>
            <Input
              placeholder={t('auth.captcha.placeholder')}
              autoComplete="off"
              maxLength={12}
              autoFocus={autoFocus}
            />
          </Form.Item>
          <CaptchaImage captcha={captcha} />
        </div>
      </Form.Item>
    </>
  );
}
