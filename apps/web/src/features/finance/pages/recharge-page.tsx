import { useRef } from 'react';
import { Alert, Button, Card, Col, Empty, Form, InputNumber, Row, Statistic } from 'antd';
import { AlipayCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMinor, majorToMinor, type FinanceRule } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { feedback } from '../../../shared/feedback.ts';
import { leaveApp } from '../../../shared/navigation.ts';
import { PaymentResult } from '../../../shared/payments/payment-result.tsx';
import { newIntentKey, useAlipayRecharge } from '../../../shared/payments/use-pay.ts';
import { useFinanceInfo } from '../../../shared/payments/finance-info.ts';
import { useFinanceRule } from '../api/finance-rule.ts';
import { useLedger } from '../api/ledger.ts';
import { LedgerTable } from '../components/ledger-table.tsx';
import { bonusFor } from '../money.ts';
import { financePaths } from '../paths.ts';
import { writeLedgerQuery } from '../url-state.ts';
import '../finance.css';

/** Alipay's cap on one trade, as the contract's `amountMinor` allows. */
const MAX_MINOR = 10_000_000_000;
const QUICK_YUAN = [100, 500, 1000, 2000, 5000];
const RECENT = { page: 1, size: 5, kind: 'recharge' as const };

interface Values {
  amount: string | null;
}

/** What the typed amount earns, or how far the next tier is. */
function BonusHint({ amountMinor, rule }: { amountMinor: number | null; rule: FinanceRule }) {
  const { t } = useTranslation();
  if (amountMinor === null || amountMinor < rule.min_recharge_minor) return null;
  const bonus = bonusFor(amountMinor, rule.bonus_tiers);
  const next = rule.bonus_tiers.find((tier) => tier.min_minor > amountMinor);
  return (
    <Alert
      className="recharge-bonus"
      type={bonus > 0 ? 'success' : 'info'}
      showIcon
      title={
        bonus > 0
          ? t('finance.recharge.bonus', { amount: formatMinor(bonus) })
          : next
            ? t('finance.recharge.noBonus', {
                amount: formatMinor(next.min_minor - amountMinor),
                bonus: formatMinor(next.bonus_minor),
              })
            : t('finance.recharge.credited', { amount: formatMinor(amountMinor) })
      }
      description={
        bonus > 0
          ? t('finance.recharge.credited', { amount: formatMinor(amountMinor + bonus) })
          : undefined
      }
    />
  );
}

function RechargeForm({ rule }: { rule: FinanceRule }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const amount = Form.useWatch('amount', form);
  const amountMinor = majorToMinor(amount, 'CNY');
  const recharge = useAlipayRecharge();
  // One key per amount: pressing Pay again for the same amount replays the same Alipay trade.
  const intent = useRef<{ amountMinor: number; key: string } | null>(null);
  const min = formatMinor(rule.min_recharge_minor);

  const submit = async ({ amount: typed }: Values) => {
    const minor = majorToMinor(typed, 'CNY')!;
    if (intent.current?.amountMinor !== minor) {
      intent.current = { amountMinor: minor, key: newIntentKey() };
    }
    try {
      const payment = await recharge.mutateAsync({
        input: { amount_minor: minor },
        idempotencyKey: intent.current.key,
      });
      feedback.info(t('payments.redirecting'));
      leaveApp(payment.pay_url);
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      className="recharge-form"
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="amount"
        label={t('finance.recharge.amount')}
        extra={t('finance.recharge.min', { amount: min })}
        rules={[
          { required: true, message: t('validation.required') },
          {
            validator: async (_, value: string | null) => {
              if (value === null || value === undefined || value === '') return;
              const minor = majorToMinor(value, 'CNY');
              if (minor === null) throw new Error(t('finance.recharge.invalid'));
              if (minor < rule.min_recharge_minor)
                throw new Error(t('finance.recharge.belowMin', { amount: min }));
              if (minor > MAX_MINOR)
                throw new Error(t('finance.recharge.tooLarge', { amount: formatMinor(MAX_MINOR) }));
            },
          },
        ]}
      >
        <InputNumber<string>
          stringMode
          autoFocus
          min="0"
          step="1"
          precision={2}
          prefix="¥"
          className="recharge-form__input"
          placeholder={t('finance.recharge.amountPlaceholder')}
        />
      </Form.Item>
      <Form.Item label={t('finance.recharge.quick')}>
        <div className="recharge-quick">
          {QUICK_YUAN.map((yuan) => (
            <Button
              key={yuan}
              type={amountMinor === yuan * 100 ? 'primary' : 'default'}
              ghost={amountMinor === yuan * 100}
              onClick={() => {
                form.setFieldValue('amount', String(yuan));
                void form.validateFields(['amount']);
              }}
            >
              ¥{yuan}
            </Button>
          ))}
        </div>
      </Form.Item>
      <BonusHint amountMinor={amountMinor} rule={rule} />
      <Button
        type="primary"
        size="large"
        htmlType="submit"
        icon={<AlipayCircleOutlined />}
        loading={recharge.isPending}
      >
        {t('finance.recharge.submit')}
      </Button>
    </Form>
  );
}

/** /my/recharge: top up the balance through Alipay, with the minimum and bonus tiers of the rule. */
export function RechargePage({ title }: ViewProps) {
  const { t } = useTranslation();
  const info = useFinanceInfo();
  const rule = useFinanceRule();
  const recent = useLedger(RECENT);

  return (
    <Card className="page-card finance-page" variant="borderless" title={title}>
      <PaymentResult />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('finance.recharge.title')}>
            <Statistic
              groupSeparator=""
              className="finance-balance__main"
              title={t('finance.recharge.current')}
              prefix="¥"
              value={formatMinor(info.data?.balance_minor)}
              loading={info.isPending}
            />
            <div className="finance-gap" />
            {rule.isError ? (
              <Alert
                type="error"
                showIcon
                title={t('finance.loadFailed')}
                description={rule.error.message}
                action={<Button onClick={() => void rule.refetch()}>{t('common.retry')}</Button>}
              />
            ) : rule.data ? (
              <RechargeForm rule={rule.data} />
            ) : (
              <Card loading variant="borderless" />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('finance.recharge.tiers')} loading={rule.isPending}>
            {rule.data?.bonus_tiers.length ? (
              <ul className="recharge-tiers">
                {rule.data.bonus_tiers.map((tier) => (
                  <li key={tier.min_minor}>
                    {t('finance.recharge.tier', {
                      min: formatMinor(tier.min_minor),
                      bonus: formatMinor(tier.bonus_minor),
                    })}
                  </li>
                ))}
              </ul>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Card>
        </Col>
      </Row>
      <Card
        size="small"
        title={t('finance.recharge.recent')}
        extra={
          <Link
            to={`${financePaths.consume}?${writeLedgerQuery({ ...RECENT, size: 20 }).toString()}`}
          >
            {t('finance.recharge.allRecords')}
          </Link>
        }
      >
        <LedgerTable
          variant="compact"
          page={recent.data}
          loading={recent.isFetching}
          empty={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('finance.recharge.recentEmpty')}
            />
          }
        />
      </Card>
    </Card>
  );
}
