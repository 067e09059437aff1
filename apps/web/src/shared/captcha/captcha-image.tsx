import { useTranslation } from 'react-i18next';
import { ReloadOutlined } from '../ui/plain-icons.ts';
import { SvgIcon } from '../ui/svg-icon.tsx';
import type { CaptchaState } from './get-captcha.ts';

/** The captcha's image as a button: a click asks for a new one. Beside the antd and plain fields. */
export function CaptchaImage({ captcha }: { captcha: CaptchaState }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={captcha.refetch}
      title={t('auth.captcha.refresh')}
      aria-label={t('auth.captcha.refresh')}
    >
      {captcha.data ? (
        <img src={captcha.data.image} alt={t('auth.captcha.alt')} />
      ) : captcha.isError ? (
        <span className="captcha-image__error">
          <SvgIcon icon={ReloadOutlined} /> {t('auth.captcha.loadFailed')}
        </span>
      ) : (
        <span className="captcha-image__loading" />
      )}
    </button>
  );
}
