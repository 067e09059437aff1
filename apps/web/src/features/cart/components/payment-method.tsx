import { Radio } from 'antd';
import { AlipayCircleOutlined, WalletOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@app/shared';
import { RECHARGE_PATH } from '../paths.ts';

export type PayMethod = 'balance' | 'alipay';

interface PaymentMethodProps {
  value: PayMethod;
  onChange: (method: PayMethod) => void;
  balanceMinor: number;
  totalMinor: number;
}

/** Balance (refused when it does not cover the total, with a way to recharge) or Alipay. */
export function PaymentMethod({ value, onChange, balanceMinor, totalMinor }: PaymentMethodProps) {
  const { t } = useTranslation();
  const short = totalMinor - balanceMinor;
  return (
    <Radio.Group
      className="pay-methods"
      value={value}
      onChange={(event) => onChange(event.target.value as PayMethod)}
      aria-label={t('cart.checkout.payment.title')}
    >
      <Radio value="balance" disabled={short > 0} className="pay-method">
        <span className="pay-method__name">
          <WalletOutlined aria-hidden /> {t('cart.checkout.payment.balance')}
        </span>
        <span className="pay-method__hint">
          {t('cart.checkout.payment.balanceHint', { balance: formatMinor(balanceMinor) })}
        </span>
        {short > 0 && (
          <span className="pay-method__warning">
            {t('cart.checkout.payment.insufficient', { short: formatMinor(short) })}{' '}
            <Link to={RECHARGE_PATH}>{t('cart.checkout.payment.recharge')}</Link>
          </span>
        )}
      </Radio>
      <Radio value="alipay" className="pay-method">
        <span className="pay-method__name">
          <AlipayCircleOutlined aria-hidden /> {t('cart.checkout.payment.alipay')}
        </span>
        <span className="pay-method__hint">{t('cart.checkout.payment.alipayHint')}</span>
      </Radio>
    </Radio.Group>
  );
}
