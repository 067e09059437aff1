import type { ReactNode } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTimestamp, type FinanceInfo } from '@app/shared';

interface BalanceSummaryProps {
  info: FinanceInfo | undefined;
  loading: boolean;
  /** Buttons beside the figures (recharge, cart). */
  actions?: ReactNode;
}

/** Available and frozen balance with the member level and the discount it gives. */
export function BalanceSummary({ info, loading, actions }: BalanceSummaryProps) {
  const { t, i18n } = useTranslation();
  const levelName = info ? (i18n.language === 'en' && info.level_name_en) || info.level_name : '';
  const discount = info?.discount_percent
    ? t('finance.balance.discount', { percent: info.discount_percent })
    : t('finance.balance.noDiscount');
  const expires = info?.level_expires_at
    ? ` · ${t('finance.balance.expires', { date: formatTimestamp(info.level_expires_at, false) })}`
    : '';

  return (
    <Card className="finance-balance" size="small" loading={loading}>
      <Row gutter={[24, 16]} align="top">
        <Col xs={24} sm={8} lg={6}>
          <Statistic
            groupSeparator=""
            title={t('finance.balance.available')}
            prefix="¥"
            value={formatMinor(info?.balance_minor)}
            className="finance-balance__main"
          />
        </Col>
        <Col xs={12} sm={8} lg={5}>
          <Statistic
            groupSeparator=""
            title={t('finance.balance.frozen')}
            prefix="¥"
            value={formatMinor(info?.frozen_minor)}
          />
        </Col>
        <Col xs={12} sm={8} lg={6}>
          <Statistic title={t('finance.balance.level')} value={levelName || '—'} />
          <div className="finance-balance__note">
            {discount}
            {expires}
          </div>
        </Col>
        {actions && (
          <Col xs={24} lg={7} className="finance-balance__actions">
            {actions}
          </Col>
        )}
      </Row>
    </Card>
  );
}
