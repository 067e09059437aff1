import { Alert, Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../../api/form-errors.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { feedback } from '../../../shared/feedback.ts';
import { useNotificationSettings, useSaveNotificationSettings } from '../api.ts';

/** The profile's opt-in: e-mail me each notification I can see, in my language. */
export function EmailNotificationsSwitch() {
  const { t } = useTranslation();
  const email = useAuthStore((s) => s.userInfo?.email ?? null);
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();

  const change = (on: boolean) =>
    save.mutate(
      { email: on },
      {
        onSuccess: () => feedback.success(t('notifications.settings.saved')),
        onError: (e) => reportError(e),
      },
    );

  return (
    <div className="form-section">
      {!email && (
        <Alert
          type="info"
          showIcon
          className="form-section__alert"
          message={t('notifications.settings.noEmail')}
        />
      )}
      <Form layout="vertical">
        <Form.Item
          label={t('notifications.settings.email')}
          htmlFor="notify-by-email"
          extra={email ? t('notifications.settings.emailHelp', { email }) : undefined}
        >
          <Switch
            id="notify-by-email"
            checked={settings.data?.email ?? false}
            loading={settings.isPending || save.isPending}
            disabled={!email}
            onChange={change}
          />
        </Form.Item>
      </Form>
    </div>
  );
}
