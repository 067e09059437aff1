import {
  Alert,
  Button,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Skeleton,
  Switch,
  type FormInstance,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AUTO_BUY_CAP_MAX_MINOR,
  formatMinor,
  formatTimestamp,
  majorToMinor,
  minorToMajor,
  type AutoBuySettings,
  type Store,
} from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { reportError } from '../../../api/form-errors.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { feedback } from '../../../shared/feedback.ts';
import { useAutoBuy, useSaveAutoBuy } from '../api/auto-buy.ts';

interface Values {
  enabled: boolean;
  /** Yuan, as typed; the API takes fen. */
  daily_cap: number | null;
  pay_password?: string;
}

const CAP_MAX = minorToMajor(AUTO_BUY_CAP_MAX_MINOR, 'CNY');

/** The saved settings as a form; the dialog around it submits it. */
function AutoBuyForm({
  store,
  settings,
  form,
  save,
  editable,
  onSaved,
}: {
  store: Store;
  settings: AutoBuySettings;
  form: FormInstance<Values>;
  save: ReturnType<typeof useSaveAutoBuy>;
  editable: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const enabled = Form.useWatch('enabled', form) ?? settings.enabled;

  const submit = (values: Values) =>
    save.mutate(
      {
        id: store.id,
        enabled: values.enabled,
        daily_cap_minor: majorToMinor(values.daily_cap ?? 0, 'CNY') ?? 0,
        pay_password: values.enabled ? values.pay_password : undefined,
      },
      {
        onSuccess: (saved) => {
          feedback.success(
            t(saved.enabled ? 'markets.autoBuy.savedOn' : 'markets.autoBuy.savedOff'),
          );
          onSaved();
        },
        onError: (error) => {
          // The cap is typed in yuan on a field of its own name.
          const cap = isApiError(error) ? error.fields?.daily_cap_minor : undefined;
          if (cap) form.setFields([{ name: 'daily_cap', errors: [cap] }]);
          else reportError(error, form);
        },
      },
    );

  return (
    <>
      <Alert
        type="info"
        className="markets-auto-buy__explain"
        title={t('markets.autoBuy.explainTitle')}
        description={
          <ul className="markets-auto-buy__points">
            <li>{t('markets.autoBuy.explainWhat')}</li>
            <li>{t('markets.autoBuy.explainAddress')}</li>
            <li>{t('markets.autoBuy.explainCap')}</li>
            <li>{t('markets.autoBuy.explainFunds')}</li>
          </ul>
        }
      />
      {!editable && (
        <Alert
          type="warning"
          showIcon
          className="markets-auto-buy__explain"
          title={t('markets.autoBuy.bossOnly')}
        />
      )}
      <Form<Values>
        form={form}
        name="auto-buy"
        layout="vertical"
        disabled={!editable || save.isPending}
        initialValues={{
          enabled: settings.enabled,
          daily_cap: minorToMajor(settings.daily_cap_minor, 'CNY'),
        }}
        onFinish={submit}
      >
        <Form.Item name="enabled" label={t('markets.autoBuy.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="daily_cap"
          label={t('markets.autoBuy.cap')}
          extra={t('markets.autoBuy.spentToday', {
            spent: formatMinor(settings.spent_today_minor),
          })}
          rules={[{ required: true, message: t('markets.autoBuy.capRequired') }]}
        >
          <InputNumber
            min={0}
            max={CAP_MAX}
            precision={2}
            prefix="¥"
            className="markets-auto-buy__cap"
          />
        </Form.Item>
        {enabled && (
          <Form.Item
            name="pay_password"
            label={t('markets.autoBuy.payPassword')}
            extra={t('markets.autoBuy.payPasswordHint')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Input.Password inputMode="numeric" maxLength={64} autoComplete="off" />
          </Form.Item>
        )}
        {settings.enabled && settings.authorized_at !== null && (
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('markets.autoBuy.authorizedBy')}>
              {t('markets.autoBuy.authorizedAt', {
                name: settings.authorized_by ?? '',
                time: formatTimestamp(settings.authorized_at),
              })}
            </Descriptions.Item>
          </Descriptions>
        )}
        <button type="submit" hidden />
      </Form>
    </>
  );
}

/**
 * A store's automation (auto-buy); rendered only while open, so it starts from the saved
 * settings. The balance is the boss's: staff see the setting but cannot change it (the server
 * answers them 403).
 */
export function AutoBuyDialog({ store, onClose }: { store: Store; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const settings = useAutoBuy(store.id);
  const save = useSaveAutoBuy();
  const isBoss = useAuthStore((s) => s.userInfo?.is_boss ?? false);
  return (
    <Modal
      open
      title={t('markets.autoBuy.title', { name: store.alias })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !isBoss || !settings.data }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {settings.data ? (
        <AutoBuyForm
          store={store}
          settings={settings.data}
          form={form}
          save={save}
          editable={isBoss}
          onSaved={onClose}
        />
      ) : settings.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('markets.autoBuy.loadFailed')}
          action={<Button onClick={() => void settings.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}
