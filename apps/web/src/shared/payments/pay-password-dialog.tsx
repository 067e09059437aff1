import { useState, type ReactNode } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMinor } from '@app/shared';
import { isApiError } from '../../api/api-error.ts';
import { profilePath } from '../paths.ts';
import { useBindingState } from '../session/get-binding-state.ts';
import { newIntentKey } from './use-pay.ts';
import './payments.css';

export interface PayPasswordDialogProps {
  open: boolean;
  /** What is being paid, shown large above the password. */
  amountMinor: number;
  /** A line under the amount, e.g. which orders. */
  description?: ReactNode;
  /** The available balance, when the caller knows it: a short balance is said before paying. */
  balanceMinor?: number;
  /**
   * Pays with the password and the dialog's idempotency key (one per opening, reused when the
   * seller retries after a wrong password). Resolving closes the dialog; a rejection is shown in it.
   */
  onSubmit: (payPassword: string, idempotencyKey: string) => Promise<unknown>;
  onClose: () => void;
}

interface Values {
  pay_password: string;
}

const RECHARGE_PATH = '/my/recharge';

/** The server's answer when the seller has no pay password (modules/finance/pay-password.ts). */
const NO_PASSWORD_FIELD = 'Set a pay password first';

function PayPasswordForm(props: PayPasswordDialogProps) {
  const { amountMinor, description, balanceMinor, onSubmit, onClose } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [key] = useState(newIntentKey);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [noPassword, setNoPassword] = useState(false);
  const binding = useBindingState();
  const missing = noPassword || binding.data?.pay_password === false;

  const submit = async ({ pay_password }: Values) => {
    setPending(true);
    setFailure(null);
    try {
      await onSubmit(pay_password, key);
      onClose();
    } catch (error) {
      const field = isApiError(error) ? error.fields?.pay_password : undefined;
      if (field === NO_PASSWORD_FIELD) setNoPassword(true);
      else if (field) form.setFields([{ name: 'pay_password', errors: [field], value: '' }]);
      // 429 (too many wrong passwords), short balance, a cancelled or missing order: the
      // server's words, here where the seller is looking (the client keeps 404s silent).
      else if (!isApiError(error) || !error.handled || error.status === 404)
        setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void submit(values)}
    >
      <Statistic
        groupSeparator=""
        className="pay-dialog__amount"
        title={t('payments.dialog.amount')}
        prefix="¥"
        value={formatMinor(amountMinor)}
      />
      {description && <div className="pay-dialog__description">{description}</div>}
      {balanceMinor !== undefined && balanceMinor < amountMinor && (
        <Alert
          type="warning"
          showIcon
          className="pay-dialog__alert"
          title={t('payments.dialog.shortBalance', { balance: formatMinor(balanceMinor) })}
          action={
            <Link to={RECHARGE_PATH} onClick={onClose}>
              {t('payments.dialog.recharge')}
            </Link>
          }
        />
      )}
      {missing ? (
        <Alert
          type="warning"
          showIcon
          className="pay-dialog__alert"
          title={t('payments.dialog.noPassword')}
          action={
            <Link to={profilePath('pay')} onClick={onClose}>
              {t('payments.dialog.setPassword')}
            </Link>
          }
        />
      ) : (
        <Form.Item
          name="pay_password"
          label={t('payments.dialog.password')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Input.Password
            autoFocus
            inputMode="numeric"
            maxLength={64}
            autoComplete="off"
            placeholder={t('payments.dialog.placeholder')}
          />
        </Form.Item>
      )}
      {failure && (
        <Alert type="error" showIcon className="pay-dialog__alert" title={failure} role="alert" />
      )}
      <Space className="pay-dialog__actions">
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={pending} disabled={missing}>
          {t('payments.dialog.submit')}
        </Button>
      </Space>
    </Form>
  );
}

/**
 * Asks for the pay password before a balance payment: shows the amount, puts a wrong password
 * on the field, the lockout or any other refusal above the buttons, and sends a seller without
 * a pay password to the profile page to set one.
 */
export function PayPasswordDialog(props: PayPasswordDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      title={t('payments.dialog.title')}
      footer={null}
      destroyOnHidden
      width={420}
      onCancel={props.onClose}
    >
      <PayPasswordForm {...props} />
    </Modal>
  );
}
