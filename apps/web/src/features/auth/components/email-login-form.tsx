import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginInput } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { CaptchaImage } from '../../../shared/captcha/captcha-image.tsx';
import { useCaptcha } from '../../../shared/captcha/get-captcha.ts';
import { PlainField } from '../../../shared/forms/plain-field.tsx';
import { usePlainForm } from '../../../shared/forms/plain-form.ts';
import {
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
  MailOutlined,
} from '../../../shared/ui/plain-icons.ts';
import { SvgIcon } from '../../../shared/ui/svg-icon.tsx';
import { useCompleteSignIn } from '../api/complete-sign-in.ts';
import { useLogin } from '../api/login.ts';

const EMPTY = { email: '', password: '', captcha: '', captcha_key: '' };

/**
 * The e-mail login, drawn without antd: /login is most visitors' first page of the console, and
 * antd's components and their run-time styles were most of its script time.
 */
export function EmailLoginForm() {
  const { t } = useTranslation();
  const form = usePlainForm(LoginInput, EMPTY);
  const captcha = useCaptcha();
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  const [showPassword, setShowPassword] = useState(false);
  const key = captcha.data?.captcha_key ?? '';
  const { set } = form;

  useEffect(() => {
    // A new image invalidates whatever was typed for the previous one.
    set('captcha_key', key);
    set('captcha', '');
  }, [set, key]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.check();
    if (!input || login.pending) return;
    try {
      completeSignIn(await login.run(input), input.email);
    } catch (error) {
      reportError(error, form.target);
      captcha.refetch();
    }
  };

  return (
    <form className="plain-form" noValidate onSubmit={(event) => void submit(event)}>
      <PlainField
        label={t('auth.login.email')}
        input={form.input('email')}
        error={form.errors.email}
        prefix={<SvgIcon icon={MailOutlined} />}
        inputMode="email"
        autoComplete="username"
        placeholder={t('auth.login.emailPlaceholder')}
        autoFocus
      />
      <PlainField
        label={t('auth.login.password')}
        input={form.input('password')}
        error={form.errors.password}
        prefix={<SvgIcon icon={LockOutlined} />}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        suffix={
          <button
            type="button"
            className="plain-field__toggle"
            aria-label={t(showPassword ? 'auth.login.hidePassword' : 'auth.login.showPassword')}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((shown) => !shown)}
          >
            {showPassword ? (
              <SvgIcon icon={EyeOutlined} />
            ) : (
              <SvgIcon icon={EyeInvisibleOutlined} />
            )}
          </button>
        }
      />
      <PlainField
        label={t('auth.captcha.label')}
        input={form.input('captcha')}
        error={form.errors.captcha}
        placeholder={t('auth.captcha.placeholder')}
        autoComplete="off"
        maxLength={12}
        aside={<CaptchaImage captcha={captcha} />}
      />
      <button
        type="submit"
        className="btn btn--primary btn--large plain-form__submit"
        aria-busy={login.pending}
      >
        {login.pending && <span className="plain-form__spinner" aria-hidden />}
        {t('auth.login.submit')}
      </button>
    </form>
  );
}
