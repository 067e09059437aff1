import { Alert, Button, Card, Col, Descriptions, Progress, Row, Statistic } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, type ServiceInfo } from '@app/shared';
import { formatBytes } from '../../../shared/format-bytes.ts';
import { paths } from '../../../shared/paths.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useServiceInfo } from '../api.ts';

type Usage = ServiceInfo['stores'];

/** One limit: used of allowed with a bar, or the count alone when the plan sets none. */
function UsageCard({
  label,
  usage,
  format = String,
}: {
  label: string;
  usage: Usage;
  format?: (n: number) => string;
}) {
  const { t } = useTranslation();
  const used = format(usage.used);
  return (
    <Card variant="borderless" className="page-card">
      <Statistic
        title={label}
        value={
          usage.allowed === null
            ? t('team.service.unlimited', { used })
            : t('team.service.ofAllowed', { used, allowed: format(usage.allowed) })
        }
      />
      {usage.allowed !== null && (
        <Progress
          percent={Math.min(100, Math.round((usage.used / Math.max(1, usage.allowed)) * 100))}
          status={usage.used >= usage.allowed ? 'exception' : 'normal'}
        />
      )}
    </Card>
  );
}

/** /subAccount/serviceInfo: the account's member level, its expiry, and its limits and usage. */
export function ServiceInfoPage({ title }: ViewProps) {
  const { t, i18n } = useTranslation();
  const info = useServiceInfo();
  if (info.isError) return <Alert type="error" title={t('team.loadFailed')} />;
  const s = info.data;
  return (
    <>
      <Card
        className="page-card"
        variant="borderless"
        title={title}
        loading={info.isLoading}
        extra={
          <Link to={paths.vip}>
            <Button type="primary">{t('team.service.upgrade')}</Button>
          </Link>
        }
      >
        {s && (
          <Descriptions column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('team.service.level')}>
              {i18n.language === 'en' ? s.level_name_en : s.level_name}
            </Descriptions.Item>
            <Descriptions.Item label={t('team.service.expires')}>
              {s.level_expires_at === null
                ? t('team.service.never')
                : formatTimestamp(s.level_expires_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('team.service.discount')}>
              {s.discount_percent > 0
                ? t('team.service.discountValue', { percent: s.discount_percent })
                : t('team.service.noDiscount')}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {s && (
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          <Col xs={24} md={8}>
            <UsageCard label={t('team.service.stores')} usage={s.stores} />
          </Col>
          <Col xs={24} md={8}>
            <UsageCard label={t('team.service.staff')} usage={s.staff} />
          </Col>
          <Col xs={24} md={8}>
            <UsageCard
              label={t('team.service.storage')}
              usage={s.storage_bytes}
              format={formatBytes}
            />
          </Col>
        </Row>
      )}
    </>
  );
}
