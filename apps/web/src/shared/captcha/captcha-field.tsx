import { useEffect } from 'react';
import { Form, Input, type FormInstance, type FormRule } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
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

  const refresh = () => captcha.refetch();

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
          <button
            type="button"
            className="captcha-image"
            onClick={refresh}
            title={t('auth.captcha.refresh')}
            aria-label={t('auth.captcha.refresh')}
          >
            {captcha.data ? (
              <img src={captcha.data.image} alt={t('auth.captcha.alt')} />
            ) : captcha.isError ? (
              <span className="captcha-image__error">
                <ReloadOutlined /> {t('auth.captcha.loadFailed')}
              </span>
            ) : (
              <span className="captcha-image__loading" />
            )}
          </button>
        </div>
      </Form.Item>
    </>
  );
}
