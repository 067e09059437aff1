import { Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../../../shared/captcha/captcha-field.tsx';
import { useCaptcha } from '../../../shared/captcha/get-captcha.ts';
import { StackedForm } from '../../../shared/forms/stacked-form.tsx';
import { LanguageSwitch } from '../../../shared/i18n/language-switch.tsx';
import { paths } from '../../../shared/paths.ts';
import { adminLogin } from '../api/admin-session.ts';

interface LoginValues {
  username: string;
  password: string;
  captcha: string;
  captcha_key: string;
}

/** /admin/login: the operator signs in with username, password and captcha (spec 3). */
export function AdminLoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const captcha = useCaptcha();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const submit = async (values: LoginValues) => {
    await adminLogin({
      username: values.username,
      password: values.password,
      captchaId: values.captcha_key,
      verifyCode: values.captcha,
    });
    const redirect = params.get('redirect');
    navigate(redirect?.startsWith(`${paths.admin}/`) ? redirect : paths.admin, { replace: true });
  };

  return (
    <main className="admin-login">
      <div className="admin-login__lang">
        <LanguageSwitch />
      </div>
      <Card className="admin-login__card">
        <Typography.Title level={3}>{t('admin.login.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('admin.login.subtitle')}</Typography.Paragraph>
        <StackedForm form={form} size="large" onSubmit={submit} onFailure={captcha.refetch}>
          <Form.Item
            name="username"
            label={t('admin.login.username')}
            rules={[
              { required: true, whitespace: true, message: t('admin.login.usernameRequired') },
            ]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus maxLength={64} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('admin.login.password')}
            rules={[{ required: true, message: t('admin.login.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <CaptchaField
            form={form}
            captcha={captcha}
            rules={[
              { required: true, whitespace: true, message: t('admin.login.captchaRequired') },
            ]}
          />
          <Button type="primary" htmlType="submit" block>
            {t('admin.login.submit')}
          </Button>
        </StackedForm>
        <Link to={paths.login} className="admin-login__seller">
          {t('admin.login.sellerLogin')}
        </Link>
      </Card>
    </main>
  );
}
